import { css, cx } from 'styled-system/css'
import type { FeatureIconName } from '#src/content/feature-icons.ts'
import { FeatureIcon } from './icons/feature-icons'
import { Section } from './Section'
import { SectionHeading } from './SectionHeading'

/** The cards' grid: one column on phones, two from tablets, `columns` wide. */
const featureGrid = {
  2: css({ gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } }),
  3: css({ gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }),
  4: css({ gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' } }),
}

type Props = {
  id: string
  title: string
  subtitle: string
  tone?: 'canvas' | 'subtle'
  /** The heading beside its subtitle on wide screens, or centred above the cards. */
  heading: 'split' | 'centered'
  columns: keyof typeof featureGrid
  features: readonly { icon: FeatureIconName; title: string; text: string }[]
}

/** A band of white cards under a heading, each headed by a line icon: a reason or a promise. */
export function FeatureSection({ id, title, subtitle, tone, heading, columns, features }: Props) {
  return (
    <Section tone={tone} labelledBy={id}>
      <SectionHeading
        id={id}
        title={title}
        subtitle={subtitle}
        split={heading === 'split'}
        centered={heading === 'centered'}
      />
      <ul className={cx(css({ display: 'grid', gap: '6' }), featureGrid[columns])}>
        {features.map((feature) => (
          <li
            key={feature.title}
            className={css({
              bg: 'bg.canvas',
              borderRadius: 'lg',
              p: '7',
              borderWidth: '1px',
              borderColor: 'border.default',
              boxShadow: 'sm',
              display: 'grid',
              gap: '3',
              alignContent: 'start',
            })}
          >
            <span
              className={css({
                w: '14',
                h: '14',
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                borderRadius: 'lg',
                bg: 'brand.subtle',
                color: 'brand.text',
              })}
            >
              <FeatureIcon name={feature.icon} />
            </span>
            <h3 className={css({ textStyle: 'h3' })}>{feature.title}</h3>
            <p className={css({ color: 'fg.muted' })}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  )
}
