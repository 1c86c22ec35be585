import { css } from 'styled-system/css'
import { CheckIcon } from '~/components/icons/icons'
import { Picture } from '~/components/Picture'
import { Section } from '~/components/Section'
import { SectionHeading } from '~/components/SectionHeading'
import { homeContent } from '~/content/home.content'
import { siteImages } from '~/content/site-images'

export function WelcomeSection() {
  const { welcome } = homeContent
  return (
    <Section labelledBy="welcome-heading">
      <div
        className={css({
          display: 'grid',
          gap: { base: '10', lg: '16' },
          gridTemplateColumns: { base: '1fr', lg: '1.05fr 1fr' },
          alignItems: 'center',
        })}
      >
        <div>
          <SectionHeading id="welcome-heading" eyebrow={welcome.eyebrow} title={welcome.title} />
          <div className={css({ display: 'grid', gap: '4', color: 'fg.muted' })}>
            {welcome.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 32)}>{paragraph}</p>
            ))}
          </div>
          <ul
            className={css({
              mt: '6',
              display: 'grid',
              gap: '3',
              gridTemplateColumns: { sm: '1fr 1fr' },
            })}
          >
            {welcome.highlights.map((highlight) => (
              <li
                key={highlight}
                className={css({
                  display: 'flex',
                  gap: '2.5',
                  fontWeight: '600',
                  color: 'fg.heading',
                })}
              >
                <span className={css({ color: 'accent.solid', flexShrink: '0', mt: '0.5' })}>
                  <CheckIcon size={20} />
                </span>
                {highlight}
              </li>
            ))}
          </ul>
        </div>
        <div className={css({ borderRadius: 'xl', overflow: 'hidden', boxShadow: 'lg' })}>
          <Picture image={siteImages[welcome.image]} sizes="(min-width: 1024px) 560px, 100vw" />
        </div>
      </div>
    </Section>
  )
}
