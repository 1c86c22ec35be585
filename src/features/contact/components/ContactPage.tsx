import { css } from 'styled-system/css'
import { Hero } from '~/components/Hero'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { siteImages } from '~/content/site-images'
import { MapStandIn } from '~/features/locations/components/MapStandIn'
import { ContactDetails } from './ContactDetails'
import { ContactForm, type ContactFormProps } from './ContactForm'

/** The contact page: its form starts on the service a link named (`?service=`). */
export function ContactPage({ siteKey, initialService }: ContactFormProps) {
  return (
    <>
      <Hero
        eyebrow="Free Consultation"
        title="Contact Us"
        subtitle="Tell us about your project. We reply within one business day, and the consultation is always free."
        backgroundImage={siteImages['contact-hero']}
      />
      <Section labelledBy="contact-form-heading">
        <div
          className={css({
            display: 'grid',
            gap: '12',
            gridTemplateColumns: { base: '1fr', lg: '1fr 1.35fr' },
          })}
        >
          <div className={css({ display: 'grid', gap: '10', alignContent: 'start' })}>
            <section aria-labelledby="contact-details-heading">
              <SectionHeading id="contact-details-heading" title="Get in Touch" />
              <ContactDetails />
            </section>
            <MapStandIn title="Map of our Richmond Hill office" />
          </div>
          <div
            className={css({
              bg: 'bg.subtle',
              borderRadius: 'xl',
              p: { base: '6', md: '10' },
              borderWidth: '1px',
              borderColor: 'border.default',
              alignSelf: 'start',
            })}
          >
            <SectionHeading
              id="contact-form-heading"
              title="Send Us a Message"
              subtitle="Share a few details and we will get back to you shortly."
              showDivider={false}
            />
            <ContactForm siteKey={siteKey} initialService={initialService} />
          </div>
        </div>
      </Section>
    </>
  )
}
