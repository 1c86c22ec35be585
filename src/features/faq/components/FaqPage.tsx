import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button, buttonGroup } from 'styled-system/recipes'
import { FaqAccordion } from '#src/components/FaqAccordion.tsx'
import { Hero } from '#src/components/Hero.tsx'
import { PhoneLink } from '#src/components/layout/PhoneLink.tsx'
import { pageQuoteAttribute } from '#src/components/layout/use-page-quote-in-view.ts'
import { Section } from '#src/components/Section.tsx'
import { faqPage, faqs } from '#src/content/faq.content.ts'
import { siteImages } from '#src/content/site-images.ts'

export function FaqPage() {
  const { contactPrompt } = faqPage
  return (
    <>
      <Hero
        title={faqPage.title}
        subtitle={faqPage.subtitle}
        backgroundImage={siteImages['faq-hero']}
      />
      <Section narrow labelledBy="faq-questions-heading">
        <h2 id="faq-questions-heading" className={css({ srOnly: true })}>
          Questions and answers
        </h2>
        <FaqAccordion items={faqs} />
        <aside
          aria-labelledby="faq-contact-heading"
          className={css({
            mt: '12',
            p: { base: '6', md: '8' },
            borderRadius: 'lg',
            bg: 'bg.muted',
            display: 'grid',
            gap: '3',
            justifyItems: 'center',
            textAlign: 'center',
          })}
        >
          <h2 id="faq-contact-heading" className={css({ textStyle: 'h3' })}>
            {contactPrompt.title}
          </h2>
          <p className={css({ color: 'fg.muted' })}>{contactPrompt.text}</p>
          <div className={buttonGroup({ align: 'center' })}>
            <Link
              to="/contact-us"
              {...pageQuoteAttribute}
              className={button({ variant: 'accent' })}
            >
              {contactPrompt.linkLabel}
            </Link>
            <PhoneLink className={button({ variant: 'outline' })} />
          </div>
        </aside>
      </Section>
    </>
  )
}
