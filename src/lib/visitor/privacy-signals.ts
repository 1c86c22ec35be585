/**
 * The visitor asked sites not to track them: Global Privacy Control (`Sec-GPC`, what Firefox,
 * Brave and DuckDuckGo send) or Do Not Track. Then no beacon is sent and no lead source recorded.
 */
export const visitorOptedOut = () =>
  (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl ||
  navigator.doNotTrack === '1'
