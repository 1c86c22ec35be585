/**
 * A link checker right after a fresh start (issue 23, item 3): every page of the sitemap, then
 * every link, script, stylesheet and image URL (srcset candidates included) those pages name,
 * 100 requests at a time, against the production build on an empty DATA_DIR. Every one answers,
 * without an error, within 10 s: no visitor (nor crawler) waits for a photo to be encoded.
 */
import { readFileSync } from 'node:fs'
import { startProductionServer } from '../test/faults/production-server'
import { cleanups, temporaryDataDir } from './faults/support'
import { expect, test } from './fixtures'

const clean = cleanups()
test.afterAll(() => clean.run())

const concurrency = 100
const answerWithinMs = 10_000

interface Outcome {
  url: string
  status?: number
  error?: string
  ms: number
  html?: boolean
}

async function check(url: string): Promise<Outcome & { body?: string }> {
  const started = performance.now()
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(answerWithinMs) })
    const html = /^text\/html\b/.test(response.headers.get('content-type') ?? '')
    const body = html ? await response.text() : undefined
    if (!html) await response.arrayBuffer()
    return { url, status: response.status, ms: performance.now() - started, html, body }
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return { url, error: reason, ms: performance.now() - started }
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = []
  let next = 0
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as T)
    }
  })
  await Promise.all(workers)
  return results
}

const residentMB = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024)

const decodeEntities = (text: string) =>
  text
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&#39;', "'")

/** Every same-origin URL a page names: href, src, srcset and imagesrcset candidates (any case). */
function urlsIn(html: string, pageUrl: string, origin: string): string[] {
  const found: string[] = []
  for (const [, attribute = '', value = ''] of html.matchAll(
    /\s(href|src|srcset|imagesrcset)="([^"]*)"/gi,
  )) {
    const candidates = /srcset$/i.test(attribute)
      ? decodeEntities(value)
          .split(',')
          .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
      : [decodeEntities(value)]
    for (const candidate of candidates) {
      if (!candidate || /^(mailto|tel|data|javascript):/i.test(candidate)) continue
      const url = new URL(candidate, pageUrl)
      url.hash = ''
      if (url.origin === origin) found.push(url.href)
    }
  }
  return found
}

test('a crawl of every link at concurrency 100 right after a fresh start: every one answers', async () => {
  test.setTimeout(180_000)
  const data = clean.add(temporaryDataDir('crawl'), (d) => d.remove())
  const server = clean.add(await startProductionServer({ dataDir: data.dir }), (s) => s.stop())
  const rssBefore = residentMB(server.pid)
  const started = performance.now()

  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text()
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    ([, loc = '']) => `${server.url}${new URL(loc).pathname}`,
  )
  expect(pages.length).toBeGreaterThan(40)

  // As a link checker does: each page's links are checked, and the pages among them crawled too.
  const seen = new Set<string>(pages)
  const outcomes: Outcome[] = []
  let wave = pages
  while (wave.length > 0) {
    const answers = await pool(wave, concurrency, check)
    outcomes.push(...answers.map(({ body: _, ...outcome }) => outcome))
    wave = []
    for (const answer of answers) {
      for (const url of urlsIn(answer.body ?? '', answer.url, server.url)) {
        if (!seen.has(url)) {
          seen.add(url)
          wave.push(url)
        }
      }
    }
    expect(seen.size, 'a bounded site').toBeLessThan(5_000)
  }
  const variants = outcomes.filter((outcome) => outcome.url.includes('/gallery-variants/'))
  const seconds = (performance.now() - started) / 1000
  const failures = outcomes
    .filter((outcome) => outcome.error !== undefined || (outcome.status ?? 0) >= 400)
    .map(({ url, status, error }) => `${url.slice(server.url.length)}: ${status ?? error}`)
  const slowest = Math.max(...outcomes.map((outcome) => outcome.ms))
  console.log(
    `crawl after a fresh start: ${outcomes.length} URLs (${outcomes.filter((o) => o.html).length} pages, ${variants.length} photo variants) ` +
      `at concurrency ${concurrency} in ${seconds.toFixed(1)} s, slowest answer ${(slowest / 1000).toFixed(2)} s, ` +
      `${failures.length} failures; server memory ${rssBefore} → ${residentMB(server.pid)} MB`,
  )
  expect(variants.length, 'the pages offer every photo variant').toBeGreaterThanOrEqual(536)
  expect(failures).toEqual([])
})
