import { FeatureCard, featureGrid } from '~/components/FeatureCard'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { homeContent } from '~/content/home.content'

export function WhyChooseUsSection() {
  const { whyChooseUs } = homeContent
  return (
    <Section tone="subtle" labelledBy="why-heading">
      <SectionHeading
        id="why-heading"
        title={whyChooseUs.title}
        subtitle={whyChooseUs.subtitle}
        split
      />
      <ul className={featureGrid[3]}>
        {whyChooseUs.cards.map((card) => (
          <FeatureCard key={card.title} icon={card.icon} title={card.title}>
            {card.description}
          </FeatureCard>
        ))}
      </ul>
    </Section>
  )
}
