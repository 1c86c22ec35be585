/**
 * The route pattern of the page this tab last left, written by the field reporter with each
 * view's beacon (so never for a visitor who opted out) and read once by the contact form's lead
 * source. A link to the contact form loads a new document (its page embeds hCaptcha) after the
 * router has already moved the URL to /contact-us, so that document's referrer names the form
 * itself, not the page the link was on. Kept in sessionStorage: this tab only, gone with it.
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
