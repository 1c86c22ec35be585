import { redirect } from '@tanstack/react-router'
import type { FileRoutesByTo } from '~/routeTree.gen'

/**
 * The third parties a page embeds. Its Content-Security-Policy allows those and no others
 * (src/server/security-headers.ts), and because client-side navigation keeps the first
 * document's policy, navigating to a page that needs one the current document does not allow
 * loads a new document (`reloadForThirdParties`, in those routes' beforeLoad).
 */
export type ThirdParty = 'hcaptcha' | 'mapFrame'

const thirdPartiesByPage: Partial<Record<keyof FileRoutesByTo, readonly ThirdParty[]>> = {
  '/contact-us': ['hcaptcha', 'mapFrame'],
  '/service-areas': ['mapFrame'],
}

export const thirdPartiesOf = (pathname: string): readonly ThirdParty[] =>
  thirdPartiesByPage[pathname as keyof FileRoutesByTo] ?? []

/** The path of the document the browser loaded: its policy is the one in force. */
function documentPathname() {
  const [navigation] = performance.getEntriesByType('navigation')
  return new URL(navigation?.name ?? window.location.href).pathname
}

/**
 * For a page's `beforeLoad`: on a client-side navigation to a page that embeds a third party
 * the current document's policy does not allow, load the page as a new document (with its own
 * policy) instead. Preloading and the first render are left alone.
 */
export function reloadForThirdParties({
  location,
  preload,
}: {
  location: { pathname: string; href: string }
  preload: boolean
}) {
  if (typeof window === 'undefined' || preload) return
  const allowed = thirdPartiesOf(documentPathname())
  if (thirdPartiesOf(location.pathname).every((party) => allowed.includes(party))) return
  throw redirect({ href: location.href, reloadDocument: true })
}
