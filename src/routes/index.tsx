import { createFileRoute } from '@tanstack/react-router'
import { CallToActionBand } from '~/components/CallToActionBand'
import { TrustStrip } from '~/components/TrustStrip'
import { homeContent } from '~/content/home.content'
import { siteImages } from '~/content/site-images'
import { HomeHero } from '~/features/home/components/HomeHero'
import { HomeServicesSection } from '~/features/home/components/HomeServicesSection'
import { StatisticsSection } from '~/features/home/components/StatisticsSection'
import { TestimonialsSection } from '~/features/home/components/TestimonialsSection'
import { WelcomeSection } from '~/features/home/components/WelcomeSection'
import { WhyChooseUsSection } from '~/features/home/components/WhyChooseUsSection'
import { pageHead } from '~/features/seo/page-head'

export const Route = createFileRoute('/')({
  // The head is written from the page's copy in the loader, which loads with the component,
  // so this page's copy stays out of every other page's scripts.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => ({
    seo: {
      ...homeContent.seo,
      path: '/',
      siteUrl: context.publicConfig.siteUrl,
      lcpImage: siteImages['home-hero'],
    },
  }),
  head: ({ loaderData }) => (loaderData ? pageHead(loaderData.seo) : {}),
  component: HomePage,
})

function HomePage() {
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
      <CallToActionBand
        id="closing-heading"
        title={closing.title}
        subtitle={closing.subtitle}
        quoteLabel={closing.quoteLabel}
        callLabel={closing.callLabel}
      />
    </>
  )
}
