/**
 * The route pattern of the page this tab last left, handed to the next document for the lead
 * source (contact/lead-source.ts). A link to the contact form loads a new document (its page
 * embeds hCaptcha, features/security/reload-for-third-parties.ts) after the router has already
 * moved the URL to /contact-us, so the new document's referrer names the form itself, not the
 * page the link was on. Kept in sessionStorage (this tab only, gone with it), read once, and
 * written only by the field reporter (report-vitals.ts, with each view's beacon), so never for a
 * visitor who opted out.
 */

/** Where the reporter leaves the route (it writes the name out; tsc holds it to this one). */
export const pageLeftKey = 'maple-hearth:page-left'

export function takePageLeft(): string | undefined {
  try {
    const route = sessionStorage.getItem(pageLeftKey) ?? undefined
    sessionStorage.removeItem(pageLeftKey)
    return route
  } catch {
    return undefined
  }
}
