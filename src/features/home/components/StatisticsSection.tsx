import { css } from 'styled-system/css'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { homeContent } from '#src/content/home.content.ts'

export function StatisticsSection() {
  const { statistics } = homeContent
  return (
    <Section tone="inverse" labelledBy="stats-heading">
      <SectionHeading
        id="stats-heading"
        title={statistics.title}
        subtitle={statistics.subtitle}
        centered
        tone="dark"
      />
      <dl
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
        })}
      >
        {statistics.items.map((item) => (
          <div
            key={item.label}
            className={css({
              borderRadius: 'lg',
              borderWidth: '1px',
              borderColor: 'border.inverse',
              bg: 'bg.inverseRaised',
              p: '8',
              textAlign: 'center',
              display: 'flex',
              flexDirection: 'column',
              gap: '2',
            })}
          >
            <dt
              className={css({
                order: '2',
                color: 'fg.inverse',
                fontWeight: '700',
                fontSize: 'lg',
              })}
            >
              {item.label}
            </dt>
            <dd
              className={css({
                order: '1',
                fontFamily: 'heading',
                fontWeight: '600',
                fontSize: '5xl',
                color: 'accent.onDark',
                lineHeight: '1',
              })}
            >
              {item.value}
              {item.suffix}
            </dd>
            <dd className={css({ order: '3', color: 'fg.inverseMuted' })}>{item.explanation}</dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}
