import { css } from 'styled-system/css'
import { CallToActionBand } from '~/components/CallToActionBand'
import { FeatureCard, featureGrid } from '~/components/FeatureCard'
import { Hero } from '~/components/Hero'
import { Picture } from '~/components/Picture'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { siteImages } from '~/features/media/site-images'
import { ProcessTimeline } from '~/features/services/components/ProcessTimeline'
import { aboutContent } from '../about.content'

export function AboutPage() {
  const { hero, story, whyRemodel, benefits, process, closing } = aboutContent
  return (
    <>
      <Hero
        title={hero.title}
        subtitle={hero.subtitle}
        backgroundImage={siteImages['about-hero']}
      />
      <Section labelledBy="story-heading">
        <div
          className={css({
            display: 'grid',
            gap: { base: '10', lg: '16' },
            gridTemplateColumns: { base: '1fr', lg: '1.1fr 1fr' },
            alignItems: 'center',
          })}
        >
          <div>
            <SectionHeading id="story-heading" eyebrow="Since 1998" title={story.title} />
            <div className={css({ display: 'grid', gap: '4', color: 'fg.muted' })}>
              {story.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
            <p
              className={css({
                mt: '6',
                pl: '5',
                borderLeftWidth: '4px',
                borderColor: 'accent.solid',
                fontFamily: 'heading',
                fontSize: 'xl',
                color: 'fg.heading',
              })}
            >
              {story.mission}
            </p>
          </div>
          <div className={css({ borderRadius: 'xl', overflow: 'hidden', boxShadow: 'lg' })}>
            <Picture image={siteImages[story.image]} sizes="(min-width: 1024px) 540px, 100vw" />
          </div>
        </div>
      </Section>
      <Section tone="subtle" labelledBy="why-remodel-heading">
        <SectionHeading
          id="why-remodel-heading"
          title={whyRemodel.title}
          subtitle={whyRemodel.intro}
          centered
        />
        <ul className={featureGrid[2]}>
          {whyRemodel.cards.map((card) => (
            <FeatureCard key={card.title} icon={card.icon} title={card.title}>
              {card.text}
            </FeatureCard>
          ))}
        </ul>
      </Section>
      <Section labelledBy="benefits-heading">
        <SectionHeading
          id="benefits-heading"
          title={benefits.title}
          subtitle={benefits.intro}
          split
        />
        <ul className={featureGrid[4]}>
          {benefits.items.map((item) => (
            <FeatureCard key={item.title} icon={item.icon} title={item.title}>
              {item.text}
            </FeatureCard>
          ))}
        </ul>
      </Section>
      <Section tone="subtle" labelledBy="covered-heading">
        <SectionHeading
          id="covered-heading"
          title={process.title}
          subtitle={process.intro}
          centered
        />
        <ProcessTimeline steps={process.steps} />
      </Section>
      <CallToActionBand
        id="about-cta-heading"
        title={closing.title}
        subtitle={closing.text}
        quoteLabel={closing.ctaLabel}
      />
    </>
  )
}
