import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { FeatureSection } from '#src/components/FeatureSection.tsx'
import { TrustStrip } from '#src/components/TrustStrip.tsx'
import { homeContent } from '#src/content/home.content.ts'
import { HomeHero } from './HomeHero'
import { HomeServicesSection } from './HomeServicesSection'
import { StatisticsSection } from './StatisticsSection'
import { TestimonialsSection } from './TestimonialsSection'
import { WelcomeSection } from './WelcomeSection'

export function HomePage() {
  const { closing, trust, whyChooseUs } = homeContent
  return (
    <>
      <HomeHero />
      <TrustStrip label={trust.label} items={trust.items} />
      <WelcomeSection />
      <FeatureSection
        id="why-heading"
        tone="subtle"
        title={whyChooseUs.title}
        subtitle={whyChooseUs.subtitle}
        heading="split"
        columns={3}
        features={whyChooseUs.cards}
      />
      <HomeServicesSection />
      <StatisticsSection />
      <TestimonialsSection />
      <CallToActionBand id="closing-heading" {...closing} />
    </>
  )
}
