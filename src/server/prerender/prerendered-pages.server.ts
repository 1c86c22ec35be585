/**
 * Pages whose content ships with the build: `scripts/prerender.ts` renders them once after
 * `vite build`, and the server answers them from memory (serve-prerendered.server.ts). Read by the
 * build script as plain TypeScript: no imports but types.
 */
import type { FileRoutesByTo } from '#src/routeTree.gen.ts'

export const prerenderedPaths = [
  '/',
  '/about-us',
  '/services',
  '/faq',
  '/service-areas',
  '/contact-us',
  '/privacy-policy',
  '/sitemap',
] as const satisfies readonly (keyof FileRoutesByTo)[]

/**
 * Rendered as placeholders: the site URL and the hCaptcha site key (configuration read at start,
 * filled in once then), and the render's script nonce, which marks the scripts whose hashes the
 * page's policy lists. Each is plain text that no HTML, JSON or JavaScript escaping changes.
 */
export const prerenderPlaceholders = {
  nonce: 'prerenderedScriptNonce0',
  siteUrl: 'http://prerendered-site-url.invalid',
  hcaptchaSiteKey: 'prerendered-hcaptcha-site-key',
} as const

/** Written next to the pages by the build; read by the server. */
export type PrerenderManifest = {
  /** The footer shows the year: a page built in another year is rendered on request instead. */
  builtInYear: number
  /** Each page's file and headers (`link`: what it asks the browser to fetch before parsing it). */
  pages: Record<string, { file: string; cacheControl: string; contentType: string; link?: string }>
}

export const prerenderManifestFile = 'manifest.json'

/** Where the pages live, beside the server's entry (.output/server/index.mjs, or a function's). */
export const prerenderDirectoryName = 'prerendered'
