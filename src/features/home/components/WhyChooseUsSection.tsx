import { css } from 'styled-system/css'
import { FeatureIcon } from '~/components/icons/feature-icons'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { homeContent } from '../home.content'

export function WhyChooseUsSection() {
  const { whyChooseUs } = homeContent
  return (
    <Section tone="subtle" labelledBy="why-heading">
      <SectionHeading
        id="why-heading"
        title={whyChooseUs.title}
        subtitle={whyChooseUs.subtitle}
        centered
      />
      <ul
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        })}
      >
        {whyChooseUs.cards.map((card) => (
          <li
            key={card.title}
            className={css({
              bg: 'white',
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
              <FeatureIcon name={card.icon} />
            </span>
            <h3 className={css({ textStyle: 'h3' })}>{card.title}</h3>
            <p className={css({ color: 'fg.muted' })}>{card.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  )
}
