import { css } from 'styled-system/css'
import { CallToActionBand } from '#src/components/CallToActionBand.tsx'
import { FeatureSection } from '#src/components/FeatureSection.tsx'
import { Hero } from '#src/components/Hero.tsx'
import { PictureSplitSection } from '#src/components/PictureSplitSection.tsx'
import { ProcessTimeline } from '#src/components/ProcessTimeline.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { aboutContent } from '#src/content/about.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { TeamSection } from './TeamSection'

export function AboutPage() {
  const { hero, story, whyRemodel, benefits, process, closing } = aboutContent
  return (
    <>
      <Hero {...hero} backgroundImage={siteImages['about-hero']} />
      <PictureSplitSection
        id="story-heading"
        eyebrow="Since 1998"
        title={story.title}
        paragraphs={story.paragraphs}
        image={siteImages[story.image]}
        sizes="(min-width: 1024px) 540px, 100vw"
        textColumns="1.1fr 1fr"
      >
        <p className={missionLine}>{story.mission}</p>
      </PictureSplitSection>
      <FeatureSection
        id="why-remodel-heading"
        tone="subtle"
        title={whyRemodel.title}
        subtitle={whyRemodel.intro}
        heading="centered"
        columns={2}
        features={whyRemodel.cards}
      />
      <FeatureSection
        id="benefits-heading"
        title={benefits.title}
        subtitle={benefits.intro}
        heading="split"
        columns={4}
        features={benefits.items}
      />
      <Section tone="subtle" labelledBy="covered-heading">
        <SectionHeading
          id="covered-heading"
          title={process.title}
          subtitle={process.intro}
          centered
        />
        <ProcessTimeline steps={process.steps} />
      </Section>
      <TeamSection />
      <CallToActionBand id="about-cta-heading" {...closing} />
    </>
  )
}

/** The mission, set apart by a copper rule. */
const missionLine = css({
  mt: '6',
  pl: '5',
  borderLeftWidth: '4px',
  borderColor: 'accent.solid',
  fontFamily: 'heading',
  fontSize: 'xl',
  color: 'fg.heading',
})
