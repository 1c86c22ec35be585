import headingFontUrl from '@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url'

/**
 * The heading face (src/theme/fonts.ts, the same file) asked for as early as a page can ask.
 *
 * A `font-display: optional` face shows only if it has arrived when the page first renders, and
 * Chromium holds that first render for a preloaded font up to 1.5 s after navigation starts
 * (RenderBlockingFonts). Asked for in the head, the face is requested only once the document has
 * been parsed that far and shares the line with the stylesheet and the scripts: at slow 4G and a
 * 4× slower CPU it missed that window in 3 of 6 first visits. Asked for in the response's `Link`
 * header (which a CDN configured for 103 Early Hints also sends ahead), it is requested with the
 * first bytes: 6 of 6 (decision 022).
 *
 * Every page carries both: the `<link>` in its head serves whatever drops the header on the way.
 * Start merges route headers by name, the deepest route winning: a route that sets its own `link`
 * must include this one.
 */
export const headingFontPreloadLink = {
  rel: 'preload',
  href: headingFontUrl,
  as: 'font',
  type: 'font/woff2',
  crossOrigin: 'anonymous',
} as const

/** The same preload as a `Link` response header. */
export const headingFontPreloadHeader = `<${headingFontPreloadLink.href}>; rel=preload; as=font; type="${headingFontPreloadLink.type}"; crossorigin`
