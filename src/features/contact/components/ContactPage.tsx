import { css } from 'styled-system/css'
import { Hero } from '#src/components/Hero.tsx'
import { MapStandIn } from '#src/components/MapStandIn.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { contactPage } from '#src/content/contact.content.ts'
import { siteImages } from '#src/content/site-images.ts'
import { ContactDetails } from './ContactDetails'
import { ContactForm, type ContactFormProps } from './ContactForm'

/** The contact page: its form starts on the service a link named (`?service=`). */
export function ContactPage({ siteKey, initialService }: ContactFormProps) {
  return (
    <>
      <Hero
        size="compact"
        eyebrow={contactPage.hero.eyebrow}
        title={contactPage.hero.title}
        subtitle={contactPage.hero.subtitle}
        backgroundImage={siteImages['contact-hero']}
      />
      <Section labelledBy="contact-form-heading" tight>
        {/* The form first, on a phone and on a desktop: it is what a visitor came here for. */}
        <div
          className={css({
            display: 'grid',
            gap: { base: '12', lg: '16' },
            gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.35fr) minmax(0, 1fr)' },
          })}
        >
          <div
            className={css({
              bg: 'bg.subtle',
              borderRadius: 'xl',
              p: { base: '5', md: '10' },
              borderWidth: '1px',
              borderColor: 'border.default',
              alignSelf: 'start',
            })}
          >
            <SectionHeading
              id="contact-form-heading"
              title={contactPage.form.title}
              subtitle={contactPage.form.subtitle}
              showDivider={false}
            />
            <ContactForm siteKey={siteKey} initialService={initialService} />
          </div>
          <div className={css({ display: 'grid', gap: '10', alignContent: 'start' })}>
            <section aria-labelledby="contact-details-heading">
              <SectionHeading id="contact-details-heading" title={contactPage.detailsTitle} />
              <ContactDetails />
            </section>
            <MapStandIn title={contactPage.mapTitle} />
          </div>
        </div>
      </Section>
    </>
  )
}
