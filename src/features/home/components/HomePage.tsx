import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { TrustStrip } from '#src/components/TrustStrip.tsx'
import { homeContent } from '#src/content/home.content.ts'
import { HomeHero } from './HomeHero'
import { HomeServicesSection } from './HomeServicesSection'
import { StatisticsSection } from './StatisticsSection'
import { TestimonialsSection } from './TestimonialsSection'
import { WelcomeSection } from './WelcomeSection'
import { WhyChooseUsSection } from './WhyChooseUsSection'

export function HomePage() {
  const { closing, trust } = homeContent
  return (
    <>
      <HomeHero />
      <TrustStrip label={trust.label} items={trust.items} />
      <WelcomeSection />
      <WhyChooseUsSection />
      <HomeServicesSection />
      <StatisticsSection />
      <TestimonialsSection />
      <CallToActionBand id="closing-heading" {...closing} />
    </>
  )
}
