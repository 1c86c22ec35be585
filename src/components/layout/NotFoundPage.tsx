import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Hero } from '../Hero'

export function NotFoundPage() {
  return (
    <Hero
      eyebrow="Error 404"
      title="Page Not Found"
      subtitle="The page you were looking for has moved or never existed. Let's get you back on track."
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '4', mt: '8' })}>
        <Link to="/" className={button({ variant: 'accent', size: 'lg' })}>
          Back to Home
        </Link>
        <Link to="/contact-us" className={button({ variant: 'outlineOnDark', size: 'lg' })}>
          Contact Us
        </Link>
      </div>
    </Hero>
  )
}
