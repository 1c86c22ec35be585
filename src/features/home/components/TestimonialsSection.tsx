import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { company } from '#app.config.ts'
import { ExternalLinkIcon } from '#src/components/icons/icons.tsx'
import { Section } from '#src/components/Section.tsx'
import { SectionHeading } from '#src/components/SectionHeading.tsx'
import { TestimonialCard } from '#src/components/TestimonialCard.tsx'
import { homeContent } from '#src/content/home.content.ts'
import { homeTestimonials } from '#src/content/testimonials.content.ts'

export function TestimonialsSection() {
  const { testimonials, review } = homeContent
  return (
    <Section tone="subtle" labelledBy="testimonials-heading">
      <SectionHeading
        id="testimonials-heading"
        title={testimonials.title}
        subtitle={testimonials.subtitle}
        centered
      />
      <ul
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: '1fr', lg: 'repeat(3, 1fr)' },
        })}
      >
        {homeTestimonials.map((testimonial) => (
          <li key={testimonial.author}>
            <TestimonialCard testimonial={testimonial} rating={testimonials.rating} />
          </li>
        ))}
      </ul>
      <section
        aria-labelledby="review-heading"
        className={css({
          mt: '14',
          mx: 'auto',
          maxW: '720px',
          textAlign: 'center',
          display: 'grid',
          gap: '4',
          justifyItems: 'center',
        })}
      >
        <h3 id="review-heading" className={css({ textStyle: 'h3', fontSize: '2xl' })}>
          {review.title}
        </h3>
        <p className={css({ color: 'fg.muted' })}>{review.text}</p>
        <a
          href={company.reviewUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={button({ variant: 'primary', size: 'lg' })}
        >
          {review.buttonLabel}
          <ExternalLinkIcon size={18} />
          <span className={css({ srOnly: true })}> (opens in a new tab)</span>
        </a>
      </section>
    </Section>
  )
}
