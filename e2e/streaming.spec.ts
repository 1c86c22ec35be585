import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { galleryPageSize, gallerySkeletonCount } from '#src/features/gallery/gallery-pages.ts'
import { type ServerProcess, startProductionServer } from '../test/faults/production-server'
import {
  answerWithShippedGallery,
  shippedGallery as manifest,
} from '../test/support/shipped-gallery-rows'

/**
 * Crawlers get everything in one response, but a slow database must not hold back the page:
 * the shell (header, hero, headings) streams first and the gallery follows in the same response.
 */

// One production server for the file: its tests run in order in one worker.
test.describe.configure({ mode: 'serial' })

/** Bots are served the whole page at once (React's allReady); people get it streamed. */
const browserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36'
const crawlerAgent = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
let dataDir: string
let database: Server
let site: ServerProcess
/** Lets the stand-in database answer; until then it holds every question it was asked. */
let answerDatabase = () => {}
let databaseAnswered = false

test.beforeAll(async () => {
  // Made here, not as the file loads: Playwright's runner loads every spec file too.
  dataDir = mkdtempSync(join(tmpdir(), 'streaming-'))
  databaseAnswered = false
  const answering = new Promise<void>((answer) => {
    answerDatabase = answer
  })
  // A PostgREST that answers, but only once told: the gallery's source at its slowest-but-working.
  database = createServer(async (request, response) => {
    await answering
    databaseAnswered = true
    answerWithShippedGallery(request, response)
  }).listen(0, '127.0.0.1')
  await once(database, 'listening')
  const address = database.address()
  if (address === null || typeof address === 'string') throw new Error('no address')
  site = await startProductionServer({
    dataDir,
    env: {
      SUPABASE_URL: `http://127.0.0.1:${address.port}`,
      SUPABASE_ANON_KEY: 'stand-in-anon-key',
      SUPABASE_SECRET_KEY: 'sb_secret_stand-in',
    },
  })
})

test.afterAll(async () => {
  answerDatabase()
  await site?.stop()
  database?.closeAllConnections()
  database?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

test('a slow gallery streams the shell first and the projects later, in one response', async () => {
  const response = await fetch(`${site.url}/gallery`, {
    // As a browser asks: compressed. Compression must not hold back the stream.
    headers: { 'user-agent': browserAgent, 'accept-encoding': 'br, gzip' },
  })
  if (!response.body) throw new Error('the server sent no body')
  expect(response.status).toBe(200)
  expect(response.headers.get('content-encoding')).toBe('br')
  // While the database is still answering, the portfolio sections stream their skeletons too.
  // Each page's shell is awaited before the database answers: sent later, it would find the data.
  const others = [
    '/services/kitchen-remodeling',
    '/areas-of-service/concord-kitchen-remodeling',
  ].map((path) => {
    let shellSeen = () => {}
    const seen = new Promise<void>((resolve) => {
      shellSeen = resolve
    })
    const text = (async () => {
      const page = await fetch(`${site.url}${path}`, { headers: { 'user-agent': browserAgent } })
      const pageDecoder = new TextDecoder()
      let received = ''
      for await (const chunk of page.body ?? []) {
        received += pageDecoder.decode(chunk, { stream: true })
        if (received.includes('data-skeleton=""')) shellSeen()
      }
      shellSeen()
      return received
    })()
    return { seen, text }
  })

  // The database answers once the shell is here: a page that waited for the data would never
  // send its shell, and the test would end at its timeout with no shell received.
  const chunks: { afterData: boolean; text: string }[] = []
  const decoder = new TextDecoder()
  for await (const chunk of response.body) {
    chunks.push({ afterData: databaseAnswered, text: decoder.decode(chunk, { stream: true }) })
    if (
      !databaseAnswered &&
      (chunks
        .map((c) => c.text)
        .join('')
        .match(/data-skeleton=""/g)?.length ?? 0) >= 9
    ) {
      await Promise.all(others.map(({ seen }) => seen))
      answerDatabase()
    }
  }

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
    (_, i) => (receivedBy(i).match(/data-skeleton=""/g)?.length ?? 0) >= gallerySkeletonCount,
  )
  const projectChunk = chunks.findIndex((c) => hasATitle(c.text))
  expect(shellChunk, 'the hero and skeletons arrive').toBeGreaterThanOrEqual(0)
  expect(projectChunk, 'the projects arrive').toBeGreaterThan(shellChunk)
  const shell = receivedBy(shellChunk)
  expect(shell).toContain('<header')
  expect(shell).toMatch(/<h1[^>]*>[^<]*Project Gallery/)
  expect(hasATitle(shell)).toBe(false)
  expect(shell.match(/data-skeleton=""/g)).toHaveLength(gallerySkeletonCount)
  // The shell came before the database answered; the projects after.
  expect(chunks[shellChunk]?.afterData, 'the shell waited for the database').toBe(false)
  expect(chunks[projectChunk]?.afterData, 'the projects came from the database').toBe(true)

  const html = chunks.map((c) => c.text).join('')
  // The whole first page of projects, and no more.
  expect(titles.filter((title) => html.includes(title))).toHaveLength(
    Math.min(galleryPageSize, titles.length),
  )

  const [service, location] = await Promise.all(others.map(({ text }) => text))
  // The fallback stays in the document; the streamed section replaces it on arrival.
  const skeletonsBeforeData = (page: string) => page.match(/data-skeleton=""/g)?.length
  expect(skeletonsBeforeData(service ?? ''), 'portfolio skeletons').toBe(6)
  expect(skeletonsBeforeData(location ?? ''), 'recent project skeletons').toBe(3)
})

test('a crawler gets the complete gallery in its response', async () => {
  const response = await fetch(`${site.url}/gallery?category=kitchen`, {
    headers: { 'user-agent': crawlerAgent },
  })
  expect(response.status).toBe(200)
  const html = await response.text()
  for (const entry of manifest.filter((e) => e.path.startsWith('kitchen/'))) {
    expect(html).toContain(entry.title.replaceAll('&', '&amp;'))
  }
})
