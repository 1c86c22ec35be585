// What `scripts/prerender.ts` writes after `vite build` and the server answers from memory (pages
// listed in scripts/lib/prerendered-paths.ts). Read by the build script too: no imports.

// Filled in at start: settings read then, and the nonce marking the scripts the policy hashes. Plain
// text that no HTML, JSON or JavaScript escaping changes.
export const prerenderPlaceholders = {
  nonce: 'prerenderedScriptNonce0',
  siteUrl: 'http://prerendered-site-url.invalid',
  hcaptchaSiteKey: 'prerendered-hcaptcha-site-key',
} as const

export type PrerenderManifest = {
  /** The footer shows the year: a page built in another year is rendered on request instead. */
  builtInYear: number
  /** `link`: what the page asks the browser to fetch before parsing it. */
  pages: Record<string, { file: string; cacheControl: string; contentType: string; link?: string }>
}

export const prerenderManifestFile = 'manifest.json'

/** Beside the server's entry (.output/server/index.mjs, or a function's). */
export const prerenderDirectoryName = 'prerendered'
