import type { LinkOptions } from '@tanstack/react-router'

export type NavLink = {
  label: string
  to: LinkOptions['to']
  /** Shows the database's data (the gallery): rendered per request, never prerendered at build. */
  live?: true
}

/** The main links, in header order. */
export const mainNavigation = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Services', to: '/services' },
  { label: 'Gallery', to: '/gallery', live: true },
  { label: 'Service Areas', to: '/service-areas' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Contact Us', to: '/contact-us' },
] as const satisfies readonly NavLink[]

export const legalNavigation = [
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Sitemap', to: '/sitemap' },
] as const satisfies readonly NavLink[]
