import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { FeatureIcon, type FeatureIconName } from './icons/feature-icons'
import { Section } from './Section'
import { SectionHeading } from './SectionHeading'

type Props = { icon: FeatureIconName; title: string; children: ReactNode }

/** A white card headed by a line icon: one reason, benefit or promise. */
export function FeatureCard({ icon, title, children }: Props) {
  return (
    <li
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
        <FeatureIcon name={icon} />
      </span>
      <h3 className={css({ textStyle: 'h3' })}>{title}</h3>
      <p className={css({ color: 'fg.muted' })}>{children}</p>
    </li>
  )
}

/** The grid that holds feature cards: one column on phones, two from tablets, `columns` wide. */
export const featureGrid = {
  2: css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)' } }),
  3: css({
    display: 'grid',
    gap: '6',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
  }),
  4: css({
    display: 'grid',
    gap: '6',
    gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
  }),
}

type FeatureSectionProps = {
  id: string
  title: string
  subtitle: string
  tone?: 'canvas' | 'subtle'
  /** The heading beside its subtitle on wide screens, or centred above the cards. */
  heading: 'split' | 'centered'
  columns: keyof typeof featureGrid
  features: readonly { icon: FeatureIconName; title: string; text: string }[]
}

/** A band of feature cards under a heading. */
export function FeatureSection({
  id,
  title,
  subtitle,
  tone,
  heading,
  columns,
  features,
}: FeatureSectionProps) {
  return (
    <Section tone={tone} labelledBy={id}>
      <SectionHeading
        id={id}
        title={title}
        subtitle={subtitle}
        split={heading === 'split'}
        centered={heading === 'centered'}
      />
      <ul className={featureGrid[columns]}>
        {features.map((feature) => (
          <FeatureCard key={feature.title} icon={feature.icon} title={feature.title}>
            {feature.text}
          </FeatureCard>
        ))}
      </ul>
    </Section>
  )
}
