import { Link } from '@tanstack/react-router'
import { button } from 'styled-system/recipes'
import { pageNotFound } from '#src/content/not-found.content.ts'
import { Hero } from '../Hero'

/** Pages a 404 may point back to: each needs no params. */
type NotFoundLink = { to: '/' | '/contact-us' | '/services' | '/service-areas'; label: string }

/** The 404 hero: what was not found, and where to go instead (the first link leads). */
export function NotFoundHero({
  title,
  subtitle,
  links,
}: {
  title: string
  subtitle: string
  links: readonly NotFoundLink[]
}) {
  return (
    // As tall as the page's least height, so no strip of page shows between it and the footer.
    <Hero size="full" eyebrow="Error 404" title={title} subtitle={subtitle}>
      {links.map((link, index) => (
        <Link
          key={link.to}
          to={link.to}
          className={button({ variant: index === 0 ? 'accent' : 'outlineOnDark', size: 'lg' })}
        >
          {link.label}
        </Link>
      ))}
    </Hero>
  )
}

export function NotFoundPage() {
  return (
    <NotFoundHero
      title={pageNotFound.title}
      subtitle="The page you were looking for has moved or never existed. Let's get you back on track."
      links={[
        { to: '/', label: 'Back to Home' },
        { to: '/contact-us', label: 'Contact Us' },
      ]}
    />
  )
}
