import { css } from 'styled-system/css'
import { CheckIcon } from './icons/icons'

/** A titled panel of short points, each behind a copper check, such as a service's features. */
export function CheckListPanel({
  id,
  title,
  items,
}: {
  id: string
  title: string
  items: readonly string[]
}) {
  return (
    <section
      aria-labelledby={id}
      className={css({
        bg: 'bg.subtle',
        borderRadius: 'lg',
        p: '7',
        borderWidth: '1px',
        borderColor: 'border.default',
      })}
    >
      <h2 id={id} className={css({ textStyle: 'h3', mb: '4' })}>
        {title}
      </h2>
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
    </section>
  )
}
