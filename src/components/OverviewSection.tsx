import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Paragraphs } from './Paragraphs'
import { Section } from './Section'
import { SectionHeading } from './SectionHeading'

type Props = {
  id: string
  title: string
  paragraphs: readonly string[]
  /** Below the paragraphs. */
  children?: ReactNode
  /** The narrower column: beside the text on large screens, below it on small ones. */
  aside: ReactNode
}

/** A page's opening copy with panels beside it. */
export function OverviewSection({ id, title, paragraphs, children, aside }: Props) {
  return (
    <Section labelledBy={id}>
      <div
        className={css({
          display: 'grid',
          gap: '12',
          gridTemplateColumns: { base: '1fr', lg: '1.5fr 1fr' },
        })}
      >
        <div>
          <SectionHeading id={id} title={title} />
          <Paragraphs items={paragraphs} />
          {children}
        </div>
        {aside}
      </div>
    </Section>
  )
}
