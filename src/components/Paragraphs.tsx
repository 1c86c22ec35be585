import { css } from 'styled-system/css'

/** Body copy as muted paragraphs, evenly spaced. */
export function Paragraphs({ items }: { items: readonly string[] }) {
  return (
    <div className={css({ display: 'grid', gap: '4', color: 'fg.muted' })}>
      {items.map((paragraph) => (
        <p key={paragraph.slice(0, 40)}>{paragraph}</p>
      ))}
    </div>
  )
}
