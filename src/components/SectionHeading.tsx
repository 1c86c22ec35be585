import type { ReactNode } from 'react'
import { sectionHeading } from 'styled-system/recipes'

export type SectionHeadingProps = {
  title: ReactNode
  subtitle?: ReactNode
  eyebrow?: ReactNode
  centered?: boolean
  /** Title and subtitle side by side on wide screens (not with `centered`). */
  split?: boolean
  /** No margin below, for a heading inside a block that spaces its own parts. */
  flush?: boolean
  showDivider?: boolean
  tone?: 'light' | 'dark'
  id?: string
}

export function SectionHeading({
  title,
  subtitle,
  eyebrow,
  centered = false,
  split = false,
  flush = false,
  showDivider = true,
  tone = 'light',
  id,
}: SectionHeadingProps) {
  const styles = sectionHeading({ centered, split, flush, tone })
  return (
    <div className={styles.root}>
      {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      {showDivider ? <span aria-hidden="true" className={styles.divider} /> : null}
      {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
    </div>
  )
}
