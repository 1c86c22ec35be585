import { FeatureSection } from '#src/components/FeatureCard.tsx'
import { homeContent } from '#src/content/home.content.ts'

export function WhyChooseUsSection() {
  const { whyChooseUs } = homeContent
  return (
    <FeatureSection
      id="why-heading"
      tone="subtle"
      title={whyChooseUs.title}
      subtitle={whyChooseUs.subtitle}
      heading="split"
      columns={3}
      features={whyChooseUs.cards.map((card) => ({ ...card, text: card.description }))}
    />
  )
}
