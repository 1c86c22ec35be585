import { css, cx } from 'styled-system/css'
import { CheckIcon } from './icons/icons'

/** Short points, each behind a copper check. */
export function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className={css({ display: 'grid', gap: '3' })}>
      {items.map((item) => (
        <li key={item} className={css({ display: 'flex', gap: '3' })}>
          <span className={css({ color: 'accent.solid', flexShrink: '0', mt: '0.5' })}>
            <CheckIcon size={20} />
          </span>
          {item}
        </li>
      ))}
    </ul>
  )
}

/** A titled panel of checked points, such as a service's features. */
export function CheckListPanel({
  id,
  title,
  items,
  className,
}: {
  id: string
  title: string
  items: readonly string[]
  className?: string
}) {
  return (
    <section
      aria-labelledby={id}
      className={cx(
        css({
          bg: 'bg.subtle',
          borderRadius: 'lg',
          p: '7',
          borderWidth: '1px',
          borderColor: 'border.default',
        }),
        className,
      )}
    >
      <h2 id={id} className={css({ textStyle: 'h3', mb: '4' })}>
        {title}
      </h2>
      <CheckList items={items} />
    </section>
  )
}
