import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { siteContainer } from 'styled-system/recipes'

type SectionProps = {
  children: ReactNode
  tone?: 'canvas' | 'subtle' | 'muted' | 'inverse'
  labelledBy?: string
  className?: string
  narrow?: boolean
}

const tones = {
  canvas: css({ bg: 'bg.canvas' }),
  subtle: css({ bg: 'bg.subtle' }),
  muted: css({ bg: 'bg.muted' }),
  inverse: css({ bg: 'bg.inverse', color: 'fg.inverseMuted' }),
}

/** A full-width page band with the site's vertical rhythm and a centred container. */
export function Section({
  children,
  tone = 'canvas',
  labelledBy,
  className,
  narrow,
}: SectionProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cx(tones[tone], css({ py: { base: '16', md: '24' } }), className)}
    >
      <div className={siteContainer({ size: narrow ? 'narrow' : 'default' })}>{children}</div>
    </section>
  )
}
