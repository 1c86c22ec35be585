import type { ComponentProps, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Paragraphs } from './Paragraphs'
import { Picture } from './Picture'
import { Section } from './Section'
import { SectionHeading } from './SectionHeading'

/** How wide the text is against the picture on large screens. */
const columns = {
  '1.05fr 1fr': css({ gridTemplateColumns: { base: '1fr', lg: '1.05fr 1fr' } }),
  '1.1fr 1fr': css({ gridTemplateColumns: { base: '1fr', lg: '1.1fr 1fr' } }),
}

type Props = {
  id: string
  eyebrow: string
  title: string
  paragraphs: readonly string[]
  image: ComponentProps<typeof Picture>['image']
  /** The picture's `sizes`: its width beside the text on large screens. */
  sizes: string
  textColumns: keyof typeof columns
  /** Below the paragraphs, such as highlights or a mission line. */
  children: ReactNode
}

/** A story told beside a picture: a heading, paragraphs and more, stacked on small screens. */
export function PictureSplitSection({
  id,
  eyebrow,
  title,
  paragraphs,
  image,
  sizes,
  textColumns,
  children,
}: Props) {
  return (
    <Section labelledBy={id}>
      <div
        className={cx(
          css({ display: 'grid', gap: { base: '10', lg: '16' }, alignItems: 'center' }),
          columns[textColumns],
        )}
      >
        <div>
          <SectionHeading id={id} eyebrow={eyebrow} title={title} />
          <Paragraphs items={paragraphs} />
          {children}
        </div>
        <div className={css({ borderRadius: 'xl', overflow: 'hidden', boxShadow: 'lg' })}>
          <Picture image={image} sizes={sizes} />
        </div>
      </div>
    </Section>
  )
}
