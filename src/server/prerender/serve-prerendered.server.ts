// Workaround: Start 1.169.5's prerender writes static files with settings fixed at build (no upstream issue found, searched 2026-11-25) and exits 0 on a failed page (https://github.com/TanStack/router/issues/8120); remove once it fails the build (test/canaries/start-prerender.canary.test.ts fails then) and reads settings at start.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import {
  type PrerenderManifest,
  prerenderPlaceholders as placeholders,
  prerenderDirectoryName,
  prerenderManifestFile,
} from '#src/lib/http/prerender-manifest.ts'
import { getEnvironment } from '../env.server'
import { answerFinished, type FinishedPage, finishedPage } from '../page-security.server'

/** Values that no HTML, JSON or JavaScript escaping changes; others render pages on request. */
const plainSiteUrl = /^https?:\/\/[A-Za-z0-9.\-:[\]]+(\/[A-Za-z0-9._~\-/]*)?$/
const plainSiteKey = /^[A-Za-z0-9_-]+$/

type Serve = (request: Request) => Response | undefined
const none: Serve = () => undefined

/** The pages `scripts/prerender.ts` wrote, with this server's settings, finished once. */
export function loadPrerenderedPages(
  directory: string,
  config: { siteUrl: string; hcaptchaSiteKey: string },
  currentYear = () => new Date().getFullYear(),
): Serve {
  const manifestPath = join(directory, prerenderManifestFile)
  if (!existsSync(manifestPath)) return none
  const unescaped = !plainSiteUrl.test(config.siteUrl)
    ? `SITE_URL ${config.siteUrl}`
    : !plainSiteKey.test(config.hcaptchaSiteKey) && 'HCAPTCHA_SITE_KEY'
  if (unescaped) {
    console.warn(
      `Prerendered pages are rendered on request instead: ${unescaped} needs escaping in HTML.`,
    )
    return none
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderManifest
  const pages = new Map<string, FinishedPage>()
  for (const [path, page] of Object.entries(manifest.pages)) {
    const html = readFileSync(join(directory, page.file), 'utf8')
      .replaceAll(placeholders.siteUrl, config.siteUrl)
      .replaceAll(placeholders.hcaptchaSiteKey, config.hcaptchaSiteKey)
    const plain = Buffer.from(html)
    const headers = {
      'content-type': page.contentType,
      'cache-control': page.cacheControl,
      ...(page.link ? { link: page.link } : {}),
      // Where the page came from, as CDNs' cache headers say: for tests and whoever debugs.
      'x-prerendered': '1',
    }
    const gzip = gzipSync(plain, { level: 9 })
    pages.set(path, finishedPage({ plain, gzip }, placeholders.nonce, path, headers))
  }
  return (request) => {
    const url = new URL(request.url)
    // A query string may change what a page shows (or be bad input to reject): render it.
    const page = url.search === '' ? pages.get(url.pathname) : undefined
    if (!page || currentYear() !== manifest.builtInYear) return undefined
    return answerFinished(request, page)
  }
}

let serverPages: Serve | undefined

/** The production server's pages, beside its entry: Nitro's entry records its URL in `__nitro_main__`. */
export function servePrerendered(request: Request) {
  if (!serverPages) {
    const main = (globalThis as { __nitro_main__?: string }).__nitro_main__
    const { SITE_URL: siteUrl, HCAPTCHA_SITE_KEY: hcaptchaSiteKey } = getEnvironment()
    const directory = main && join(dirname(fileURLToPath(main)), prerenderDirectoryName)
    serverPages = directory ? loadPrerenderedPages(directory, { siteUrl, hcaptchaSiteKey }) : none
  }
  return serverPages(request)
}
