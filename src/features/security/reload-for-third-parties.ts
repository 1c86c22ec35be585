import { redirect } from '@tanstack/react-router'
import { thirdPartiesOf } from './third-parties'

/** The path of the document the browser loaded: its policy is the one in force. */
function documentPathname() {
  const [navigation] = performance.getEntriesByType('navigation')
  return new URL(navigation?.name ?? window.location.href).pathname
}

/**
 * For a page's `beforeLoad`. Client-side navigation keeps the first document's policy, so on a
 * navigation to a page that embeds a third party the current document's policy does not allow,
 * load the page as a new document (with its own policy) instead. Preloading and the first render
 * are left alone.
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
