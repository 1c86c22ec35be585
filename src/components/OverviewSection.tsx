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
  /**
   * The aside below the text at every width, the text in two columns on large screens: for an
   * aside much taller than the text, which beside it left an empty block under the text.
   */
  stacked?: boolean
}

/** A page's opening copy with panels beside it. */
export function OverviewSection({ id, title, paragraphs, children, aside, stacked }: Props) {
  return (
    <Section labelledBy={id}>
      <div
        className={css({
          display: 'grid',
          gap: '12',
          gridTemplateColumns: { base: '1fr', lg: stacked ? '1fr' : '1.5fr 1fr' },
        })}
      >
        <div>
          <SectionHeading id={id} title={title} />
          <div className={stacked ? css({ lg: { columns: '2', columnGap: '12' } }) : undefined}>
            <Paragraphs items={paragraphs} />
          </div>
          {children}
        </div>
        {aside}
      </div>
    </Section>
  )
}
