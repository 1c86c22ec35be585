/**
 * The visitor asked sites not to track them: Global Privacy Control (`Sec-GPC`, what Firefox,
 * Brave and DuckDuckGo send) or Do Not Track. Then no beacon is sent and no lead source recorded.
 */
export const visitorOptedOut = () =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true ||
  navigator.doNotTrack === '1'

/**
 * Where the reporter leaves the route pattern of the page left, for the next document's lead
 * source (page-left.ts): only the reporter writes it, so never for a visitor who opted out. Here,
 * in a module every page loads, so that neither the reporter nor the contact form needs a chunk
 * of its own for it.
 */
export const pageLeftKey = 'maple-hearth:page-left'
