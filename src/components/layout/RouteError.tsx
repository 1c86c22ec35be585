import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router'
import { button } from 'styled-system/recipes'
import { Hero } from '../Hero'

export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <Hero
      eyebrow="Something went wrong"
      title="We couldn't load this page"
      subtitle="Please try again in a moment. If it keeps happening, call or email us and we'll help right away."
    >
      <button
        type="button"
        className={button({ variant: 'accent', size: 'lg' })}
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        Try Again
      </button>
      <Link to="/" className={button({ variant: 'outlineOnDark', size: 'lg' })}>
        Back to Home
      </Link>
    </Hero>
  )
}
