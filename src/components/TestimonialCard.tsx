import { css } from 'styled-system/css'
import { StarRating } from '#src/components/StarRating.tsx'
import { monthYear } from '#src/content/month-year.ts'
import type { Testimonial } from '#src/content/schemas/testimonial.schema.ts'
import { SampleMark } from './SampleMark'

export function TestimonialCard({
  testimonial,
  rating = 5,
}: {
  testimonial: Testimonial
  rating?: number
}) {
  return (
    <figure
      className={css({
        bg: 'bg.canvas',
        borderRadius: 'lg',
        p: '7',
        borderWidth: '1px',
        borderColor: 'border.default',
        boxShadow: 'sm',
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
        h: 'full',
      })}
    >
      <StarRating value={rating} />
      <blockquote
        className={css({ color: 'fg.default', fontSize: 'lg', lineHeight: '1.6', flex: '1' })}
      >
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className={css({ display: 'grid', gap: '0.5' })}>
        <span className={css({ fontWeight: '700', color: 'fg.heading' })}>
          {testimonial.author}, {testimonial.town}
        </span>
        {testimonial.projectType ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {testimonial.projectType}
          </span>
        ) : null}
        {testimonial.date || testimonial.sourceUrl || testimonial.sample ? (
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {testimonial.date ? (
              <time dateTime={testimonial.date}>{monthYear(testimonial.date)}</time>
            ) : null}
            {testimonial.date && testimonial.sourceUrl ? ' · ' : null}
            {testimonial.sourceUrl ? (
              <a
                href={testimonial.sourceUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={css({ color: 'fg.link', textDecoration: 'underline' })}
              >
                Read the review<span className={css({ srOnly: true })}> (opens in a new tab)</span>
              </a>
            ) : null}{' '}
            {testimonial.sample ? <SampleMark what="testimonial" /> : null}
          </span>
        ) : null}
      </figcaption>
    </figure>
  )
}
