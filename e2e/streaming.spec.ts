import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { galleryPageSize } from '#src/features/gallery/gallery-pages.ts'

/**
 * Crawlers get everything in one response, but a slow database must not hold back the page:
 * the shell (header, hero, headings) streams first and the gallery follows in the same response.
 */
type ManifestEntry = {
  path: string
  additional: string[]
  title: string
  featured: boolean
  order: number
  createdAt: string
}
const manifest: ManifestEntry[] = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
)
const rows = manifest.map((entry, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  title: entry.title,
  description: null,
  category: entry.path.split('/')[0],
  location: null,
  filename: `gallery/${entry.path}`,
  additional_images: entry.additional.map((path) => `gallery/${path}`),
  featured: entry.featured,
  created_at: entry.createdAt,
  order: entry.order,
}))

// One production server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'serial' })

const databaseDelayMs = 2000
/** Bots are served the whole page at once (React's allReady); people get it streamed. */
const browserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36'
const crawlerAgent = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const sitePort = 3231
let database: Server
let site: ChildProcess

test.beforeAll(async () => {
  // A PostgREST that answers, but slowly: the gallery's source at its worst-but-working.
  database = createServer((request, response) => {
    setTimeout(() => {
      if (!request.url?.startsWith('/rest/v1/gallery_images')) {
        response.writeHead(404).end()
        return
      }
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-range': `0-${rows.length - 1}/${rows.length}`,
      })
      response.end(JSON.stringify(rows))
    }, databaseDelayMs)
  }).listen(0, '127.0.0.1')
  await once(database, 'listening')
  const address = database.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  site = spawn(process.execPath, ['.output/server/index.mjs'], {
    env: {
      ...process.env,
      PORT: String(sitePort),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'streaming-')),
      SUPABASE_URL: `http://127.0.0.1:${address.port}`,
      SUPABASE_ANON_KEY: 'stand-in-anon-key',
      SUPABASE_SECRET_KEY: 'sb_secret_stand-in',
    },
    stdio: 'ignore',
  })
})

test.afterAll(async () => {
  site.kill('SIGTERM')
  await once(site, 'exit')
  database.close()
})

test('a slow gallery streams the shell first and the projects later, in one response', async () => {
  let response: Response | undefined
  for (let attempt = 0; attempt < 100 && !response; attempt++) {
    response = await fetch(`http://127.0.0.1:${sitePort}/gallery`, {
      // As a browser asks: compressed. Compression must not hold back the stream.
      headers: { 'user-agent': browserAgent, 'accept-encoding': 'br, gzip' },
    }).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50))
      return undefined
    })
  }
  if (!response?.body) throw new Error('the server did not answer')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-encoding')).toBe('br')
  // While the database is still answering, the portfolio sections stream their skeletons too.
  const others = [
    '/services/kitchen-remodeling',
    '/areas-of-service/concord-kitchen-remodeling',
  ].map(async (path) => {
    const page = await fetch(`http://127.0.0.1:${sitePort}${path}`, {
      headers: { 'user-agent': browserAgent },
    })
    return page.text()
  })

  const started = Date.now()
  const chunks: { at: number; text: string }[] = []
  const decoder = new TextDecoder()
  for await (const chunk of response.body)
    chunks.push({ at: Date.now() - started, text: decoder.decode(chunk, { stream: true }) })

  // Any project's title: the first page shows twelve of them, in the order of its sort.
  const titles = manifest.map((project) => project.title.replaceAll('&', '&amp;'))
  const hasATitle = (text: string) => titles.some((title) => text.includes(title))
  // The shell: everything received up to the chunk that completes the hero and the skeletons.
  const receivedBy = (index: number) =>
    chunks
      .slice(0, index + 1)
      .map((c) => c.text)
      .join('')
  const shellChunk = chunks.findIndex(
    (_, i) => (receivedBy(i).match(/data-skeleton=""/g)?.length ?? 0) >= 9,
  )
  const projectChunk = chunks.findIndex((c) => hasATitle(c.text))
  expect(shellChunk, 'the hero and skeletons arrive').toBeGreaterThanOrEqual(0)
  expect(projectChunk, 'the projects arrive').toBeGreaterThan(shellChunk)
  const shell = receivedBy(shellChunk)
  expect(shell).toContain('<header')
  expect(shell).toMatch(/<h1[^>]*>[^<]*Project Gallery/)
  expect(hasATitle(shell)).toBe(false)
  expect(shell.match(/data-skeleton=""/g)).toHaveLength(9)
  // The projects wait for the database; the shell did not.
  expect((chunks[projectChunk]?.at ?? 0) - (chunks[shellChunk]?.at ?? 0)).toBeGreaterThan(300)

  const html = chunks.map((c) => c.text).join('')
  // The whole first page of projects, and no more.
  expect(titles.filter((title) => html.includes(title))).toHaveLength(
    Math.min(galleryPageSize, titles.length),
  )

  const [service, location] = await Promise.all(others)
  // The fallback stays in the document; the streamed section replaces it on arrival.
  const skeletonsBeforeData = (page: string) => page.match(/data-skeleton=""/g)?.length
  expect(skeletonsBeforeData(service ?? ''), 'portfolio skeletons').toBe(6)
  expect(skeletonsBeforeData(location ?? ''), 'recent project skeletons').toBe(3)
})

test('a crawler gets the complete gallery in its response', async () => {
  const response = await fetch(`http://127.0.0.1:${sitePort}/gallery?category=kitchen`, {
    headers: { 'user-agent': crawlerAgent },
  })
  expect(response.status).toBe(200)
  const html = await response.text()
  for (const entry of manifest.filter((e) => e.path.startsWith('kitchen/'))) {
    expect(html).toContain(entry.title.replaceAll('&', '&amp;'))
  }
})
