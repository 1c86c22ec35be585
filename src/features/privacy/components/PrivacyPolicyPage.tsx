import { css } from 'styled-system/css'
import { Hero } from '#src/components/Hero.tsx'
import { Section } from '#src/components/Section.tsx'
import { privacyContent } from '#src/content/privacy.content.ts'
import { siteImages } from '#src/content/site-images.ts'

export function PrivacyPolicyPage() {
  const { title, lastUpdated, lastUpdatedIso, intro, sections } = privacyContent
  return (
    <>
      <Hero
        title={title}
        subtitle={
          <>
            Last updated <time dateTime={lastUpdatedIso}>{lastUpdated}</time>
          </>
        }
        backgroundImage={siteImages['privacy-hero']}
      />
      <Section narrow>
        <div className={css({ display: 'grid', gap: '10', maxW: 'prose', mx: 'auto' })}>
          <p className={css({ textStyle: 'lead', color: 'fg.muted' })}>{intro}</p>
          <nav aria-label="Policy sections">
            <ol
              className={css({
                display: 'grid',
                gap: '1.5',
                listStyle: 'decimal',
                pl: '6',
                color: 'fg.link',
              })}
            >
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className={css({ textDecoration: 'underline' })}>
                    {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className={css({ display: 'grid', gap: '3' })}
            >
              <h2
                id={`${section.id}-heading`}
                className={css({ textStyle: 'h3', fontSize: '2xl' })}
              >
                {index + 1}. {section.heading}
              </h2>
              {section.blocks.map((block) =>
                typeof block === 'string' ? (
                  <p key={block.slice(0, 40)} className={css({ color: 'fg.muted' })}>
                    {block}
                  </p>
                ) : (
                  <ul
                    key={block[0]}
                    className={css({
                      listStyle: 'disc',
                      pl: '6',
                      display: 'grid',
                      gap: '1.5',
                      color: 'fg.muted',
                    })}
                  >
                    {block.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                ),
              )}
            </section>
          ))}
        </div>
      </Section>
    </>
  )
}
