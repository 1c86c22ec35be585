import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Hero } from '#src/components/Hero.tsx'
import { Section } from '#src/components/Section.tsx'
import { siteMapGroups } from '../site-map'

export function SitemapPage() {
  const groups = siteMapGroups()
  return (
    <>
      <Hero title="Sitemap" subtitle="Every page of our website in one place." />
      <Section>
        <div className={css({ columns: { base: '1', md: '2', lg: '3' }, columnGap: '10' })}>
          {groups.map((group) => (
            <section
              key={group.title}
              aria-labelledby={slug(group.title)}
              className={css({ breakInside: 'avoid', mb: '10' })}
            >
              <h2 id={slug(group.title)} className={css({ textStyle: 'h3', mb: '3' })}>
                {group.title}
              </h2>
              <ul className={css({ display: 'grid', gap: '2' })}>
                {group.entries.map((entry) => (
                  <li key={entry.path}>
                    <Link {...entry.link} className={linkClass}>
                      {entry.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </Section>
    </>
  )
}

const slug = (text: string) => `sitemap-${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

const linkClass = css({ color: 'fg.link', textDecoration: 'underline', textUnderlineOffset: '3px' })
