import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { siteContainer } from 'styled-system/recipes'

type SectionProps = {
  children: ReactNode
  tone?: 'canvas' | 'subtle' | 'inverse'
  labelledBy?: string
  narrow?: boolean
  /** Less space above and below: for a band that opens with controls rather than a heading. */
  tight?: boolean
}

const tones = {
  canvas: css({ bg: 'bg.canvas' }),
  subtle: css({ bg: 'bg.subtle' }),
  inverse: css({ bg: 'bg.inverse', color: 'fg.inverseMuted' }),
}

const spacing = css({ py: { base: '16', md: '24' } })
const tightSpacing = css({ py: { base: '10', md: '16' } })

/** A full-width page band with the site's vertical rhythm and a centred container. */
export function Section({
  children,
  tone = 'canvas',
  labelledBy,
  narrow,
  tight = false,
}: SectionProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      data-tone={tone}
      className={cx(tones[tone], tight ? tightSpacing : spacing)}
    >
      <div className={siteContainer({ size: narrow ? 'narrow' : 'default' })}>{children}</div>
    </section>
  )
}
