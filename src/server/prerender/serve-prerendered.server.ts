import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { getEnvironment } from '../env.server'
import { createScriptNonce, pageContentSecurityPolicy } from '../page-security.server'
import {
  type PrerenderManifest,
  prerenderDirectoryName,
  prerenderManifestFile,
  prerenderPlaceholders,
} from './prerendered-pages'

type Slot = keyof typeof prerenderPlaceholders
type Values = Record<Slot, string>

/** A page split at its placeholders: parts[0] slot[0] parts[1] slot[1] … parts[n]. */
type Template = { parts: string[]; slots: Slot[]; cacheControl: string; contentType: string }

const slotByText = new Map<string, Slot>(
  Object.entries(prerenderPlaceholders).map(([slot, text]) => [text, slot as Slot]),
)
const placeholderPattern = new RegExp(
  [...slotByText.keys()].map((text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|'),
  'g',
)

function parseTemplate(
  html: string,
  headers: { cacheControl: string; contentType: string },
): Template {
  const parts: string[] = []
  const slots: Slot[] = []
  let start = 0
  for (const match of html.matchAll(placeholderPattern)) {
    parts.push(html.slice(start, match.index))
    slots.push(slotByText.get(match[0]) as Slot)
    start = match.index + match[0].length
  }
  parts.push(html.slice(start))
  return { parts, slots, ...headers }
}

const fillTemplate = (template: Template, values: Values) =>
  template.parts.reduce((html, part, i) => {
    const slot = template.slots[i - 1]
    return slot === undefined ? part : html + values[slot] + part
  }, '')

/**
 * A value goes into attributes, JSON-LD and the router's inline data alike: only characters that
 * none of those escape may replace a placeholder. Anything else renders the page on request.
 */
const plainSiteUrl = /^https?:\/\/[A-Za-z0-9.\-:[\]]+(\/[A-Za-z0-9._~\-/]*)?$/
const plainSiteKey = /^[A-Za-z0-9_-]+$/

export type PrerenderedPages = {
  /** Paths answered from memory; empty when the build has none or they do not fit this server. */
  paths: string[]
  /** Why prerendered pages are not used, for the server's log. */
  unusable?: string
  serve: (request: Request) => Response | undefined
}

/** The pages `scripts/prerender.ts` wrote, ready to serve with this server's configuration. */
export function loadPrerenderedPages(
  directory: string,
  config: { siteUrl: string; hcaptchaSiteKey: string },
  currentYear: () => number = () => new Date().getFullYear(),
): PrerenderedPages {
  const none = (unusable?: string): PrerenderedPages => ({
    paths: [],
    unusable,
    serve: () => undefined,
  })
  const manifestPath = join(directory, prerenderManifestFile)
  if (!existsSync(manifestPath)) return none()
  if (!plainSiteUrl.test(config.siteUrl)) {
    return none(`SITE_URL ${config.siteUrl} has characters that need escaping in HTML`)
  }
  if (!plainSiteKey.test(config.hcaptchaSiteKey)) {
    return none('HCAPTCHA_SITE_KEY has characters that need escaping in HTML')
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as PrerenderManifest
  const templates = new Map(
    Object.entries(manifest.pages).map(([path, page]) => [
      path,
      parseTemplate(readFileSync(join(directory, page.file), 'utf8'), page),
    ]),
  )

  return {
    paths: [...templates.keys()],
    serve(request) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return undefined
      const url = new URL(request.url)
      // A query string may change what a page shows (or be bad input to reject): render it.
      if (url.search !== '') return undefined
      const template = templates.get(url.pathname)
      if (template === undefined || currentYear() !== manifest.builtInYear) return undefined
      const nonce = createScriptNonce()
      const headers = {
        'content-type': template.contentType,
        'cache-control': template.cacheControl,
        'content-security-policy': pageContentSecurityPolicy(nonce, url.pathname),
        // Says where the page came from, as CDNs' cache headers do: for tests and for whoever debugs.
        'x-prerendered': '1',
      }
      const body = request.method === 'HEAD' ? null : fillTemplate(template, { ...config, nonce })
      return new Response(body, { status: 200, headers })
    },
  }
}

/** The production server's pages, next to its entry file (.output/server/prerendered/). */
let serverPages: PrerenderedPages | undefined
export function prerenderedPagesOfThisServer(): PrerenderedPages {
  if (serverPages) return serverPages
  const entry = process.argv[1]
  const env = getEnvironment()
  serverPages = entry
    ? loadPrerenderedPages(join(dirname(entry), prerenderDirectoryName), {
        siteUrl: env.SITE_URL,
        hcaptchaSiteKey: env.HCAPTCHA_SITE_KEY,
      })
    : { paths: [], serve: () => undefined }
  if (serverPages.unusable) {
    console.warn(`Prerendered pages are rendered on request instead: ${serverPages.unusable}.`)
  }
  return serverPages
}
