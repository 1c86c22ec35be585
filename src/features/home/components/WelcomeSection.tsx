import { css } from 'styled-system/css'
import { CheckIcon } from '#src/components/icons/icons.tsx'
import { PictureSplitSection } from '#src/components/PictureSplitSection.tsx'
import { homeContent } from '#src/content/home.content.ts'
import { siteImages } from '#src/content/site-images.ts'

export function WelcomeSection() {
  const { welcome } = homeContent
  return (
    <PictureSplitSection
      id="welcome-heading"
      eyebrow={welcome.eyebrow}
      title={welcome.title}
      paragraphs={welcome.paragraphs}
      image={siteImages[welcome.image]}
      sizes="(min-width: 1024px) 560px, 100vw"
      textColumns="1.05fr 1fr"
    >
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
    </PictureSplitSection>
  )
}
