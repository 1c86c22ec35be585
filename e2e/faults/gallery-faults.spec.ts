/**
 * Gallery source faults against the production server in Supabase mode: the real supabase-js in
 * the server talks to the PostgREST stand-in through a proxy that refuses, resets, answers 503,
 * answers late, never answers, or stalls mid-body, and serves malformed rows. Every page answers
 * 200 with the spec's states; the last good list is served through an outage; the server
 * recovers by itself. GALLERY_CACHE_TTL_MS=1000 stands in for the 5-minute freshness.
 */
import { type FaultProxy, type ProxyFault, startFaultProxy } from '#test/faults/fault-proxy.ts'
import { galleryRow } from '#test/faults/gallery-rows.ts'
import { type ServerProcess, startProductionServer } from '#test/faults/production-server.ts'
import { type PostgrestStandIn, startPostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import { logRecords } from '#test/support/server-log-lines.ts'
import { openPgliteSchemaDatabase, setGalleryRows } from '#test/support/supabase-schema.ts'
import { expect, test } from '../fixtures'
import {
  cleanups,
  eventually,
  expectSitePages,
  galleryTexts,
  getPage,
  sitePages,
  temporaryDataDir,
} from './support'

const ttlMs = 1_000
const healthyRows = () => [
  galleryRow('oak', { title: 'Oak Galley Kitchen' }),
  galleryRow('spa', { title: 'Spa Ensuite', category: 'bathroom' }),
]

const clean = cleanups()
test.afterEach(() => clean.run())

async function startSite(options: { fault?: ProxyFault } = {}) {
  const schema = clean.add(await openPgliteSchemaDatabase(), (d) => d.close())
  await setGalleryRows(schema.database, healthyRows())
  const standIn: PostgrestStandIn = clean.add(
    await startPostgrestStandIn({ database: schema.database }),
    (s) => s.close(),
  )
  const proxy: FaultProxy = clean.add(await startFaultProxy(standIn.url), (p) => p.close())
  if (options.fault) await proxy.set(options.fault)
  const data = clean.add(temporaryDataDir('gallery'), (d) => d.remove())
  const server: ServerProcess = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      env: {
        SUPABASE_URL: proxy.url,
        SUPABASE_ANON_KEY: standIn.anonKey,
        SUPABASE_SECRET_KEY: standIn.secretKey,
        GALLERY_CACHE_TTL_MS: String(ttlMs),
      },
    }),
    (s) => s.stop(),
  )
  return { standIn, proxy, server, database: schema.database }
}

// Longer than a page's 3 s wait for the source, so a page that waited for this source answers
// after it; shorter than the 8 s after which a Supabase request is cut, so its load can still
// finish in the background. bench/gallery-source-wait.ts times the wait itself.
const slowSourceMs = 6_500

/** The source's reads of the gallery (its rows or a view's page), oldest first, as the proxy saw them. */
const galleryReads = (proxy: FaultProxy) =>
  proxy.seen.filter((request) => /gallery_images|rpc\/gallery_view/.test(request.path))

/** `rows` as the source's answer to every read: a list of rows, or a view of them all on one page. */
const rowsAtEveryRead = (rows: unknown[]) => (path: string) =>
  path.endsWith('rpc/gallery_view')
    ? { total: rows.length, page: 1, page_count: 1, items: rows, project: null }
    : rows

/** Called once pages have answered: none of them can have waited for a read still held open. */
function expectAnsweredWhileSourceHeld(proxy: FaultProxy, kind: ProxyFault['kind']) {
  const read = galleryReads(proxy).at(-1)
  expect(read, 'the source was asked for the list').toMatchObject({ fault: kind })
  expect(read?.ended, 'the source had already answered: a page may have waited for it').toBe(
    undefined,
  )
}

/**
 * Views pages (each must pass `check`) until one of them, the first past the list's freshness,
 * has started a reload: seen as its read of gallery_images at the source, or, with the source
 * refusing connections, as the failure the server logs.
 */
async function untilReloadStarted<T>(
  site: { proxy: FaultProxy; server: ServerProcess },
  check: () => Promise<T>,
  seenAs: 'read' | 'logged failure' = 'read',
): Promise<T> {
  const attempts = () =>
    seenAs === 'read'
      ? galleryReads(site.proxy).length
      : (site.server.output().match(/Gallery (refresh|load) failed/g) ?? []).length
  const before = attempts()
  let result = await check()
  // A failed check fails the test at once (a poll would try it again).
  let failure: { error: unknown } | undefined
  await expect
    .poll(
      async () => {
        if (attempts() > before) return attempts()
        result = await check().catch((error: unknown) => {
          failure = { error }
          return result
        })
        return failure ? Number.POSITIVE_INFINITY : attempts()
      },
      { intervals: [100], timeout: 15_000 },
    )
    .toBeGreaterThan(before)
  if (failure) throw failure.error
  return result
}

test('serves the last good list through every kind of outage, then recovers by itself', async () => {
  test.setTimeout(60_000)
  const { standIn, proxy, server, database } = await startSite()
  await expectSitePages(server.url, { list: ['Oak Galley Kitchen', 'Spa Ensuite'] })

  const outages: {
    name: string
    breakSource: () => Promise<void>
    seenAs?: 'logged failure'
    /** The source keeps the reload's answer open: the pages must not wait for it. */
    holds?: ProxyFault['kind']
  }[] = [
    { name: 'HTTP 503 from PostgREST', breakSource: async () => standIn.fail({ status: 503 }) },
    {
      name: 'connection refused',
      breakSource: () => proxy.set({ kind: 'refuse' }),
      seenAs: 'logged failure',
    },
    { name: 'connection reset', breakSource: () => proxy.set({ kind: 'reset' }) },
    { name: 'no answer at all', breakSource: () => proxy.set({ kind: 'hang' }), holds: 'hang' },
    {
      name: 'body stalled after the headers',
      breakSource: () => proxy.set({ kind: 'stall-body' }),
      holds: 'stall-body',
    },
  ]
  for (const { name, breakSource, seenAs, holds } of outages) {
    await test.step(name, async () => {
      await breakSource()
      // Stale: the page gets the last good list at once and a refresh runs in the background.
      await untilReloadStarted(
        { proxy, server },
        () => expectSitePages(server.url, { list: ['Oak Galley Kitchen', 'Spa Ensuite'] }),
        seenAs,
      )
      if (holds) expectAnsweredWhileSourceHeld(proxy, holds)
      standIn.fail(undefined)
    })
  }
  // /readyz stays ready through a Data API outage (it must not take every instance out): the
  // alert is this error line, with the error's stack inside it.
  expect(logRecords(server.output(), 'gallery.refresh_failed')[0]).toMatchObject({
    level: 'error',
    msg: 'Gallery refresh failed; still serving the last good list',
    stack: expect.stringMatching(/\n\s+at /),
  })

  await test.step('the source returns with a new project: shown without a restart', async () => {
    await setGalleryRows(database, [
      ...healthyRows(),
      galleryRow('walnut', { title: 'Walnut Built-ins', category: 'carpentry' }),
    ])
    await proxy.set({ kind: 'pass' })
    await eventually(() =>
      expectSitePages(server.url, { list: ['Oak Galley Kitchen', 'Walnut Built-ins'] }),
    )
  })

  await test.step('malformed rows are skipped, the rest render', async () => {
    // Rows the schema would never hold, as a broken or newer API might answer them.
    await proxy.set({
      kind: 'status',
      status: 200,
      body: rowsAtEveryRead([
        galleryRow('oak', { title: 'Oak Galley Kitchen' }),
        { id: 'no-title', category: 'kitchen', filename: 'kitchen/x.webp' },
        null,
        'not a row',
        galleryRow('bad-date', { title: 'Bad Date Project', created_at: 'yesterday' }),
        galleryRow('bad-order', { title: 'Bad Order Project', order: 'first' }),
        galleryRow('cedar', { title: 'Cedar Deck Kitchen' }),
      ]),
    })
    await eventually(async () => {
      const [gallery] = await expectSitePages(server.url, {
        list: ['Oak Galley Kitchen', 'Cedar Deck Kitchen'],
      }).then((answers) => answers.filter((a) => a.path === sitePages.gallery))
      expect(gallery?.html).not.toContain('Bad Date Project')
      expect(gallery?.html).not.toContain('Bad Order Project')
      expect(gallery?.html).not.toContain('Spa Ensuite')
    })
    expect(server.output()).toMatch(/Skipped gallery row no-title: /)
  })

  await test.step('only malformed rows: the empty states', async () => {
    await proxy.set({
      kind: 'status',
      status: 200,
      body: rowsAtEveryRead([{ id: 1 }, { id: 2, title: 'No category' }]),
    })
    await eventually(() => expectSitePages(server.url, 'empty'))
  })

  await test.step('an answer that is not a list is an outage, not an empty gallery', async () => {
    await proxy.set({ kind: 'pass' })
    await eventually(() => expectSitePages(server.url, { list: ['Spa Ensuite'] }))
    await proxy.set({ kind: 'status', status: 200, body: { unexpected: 'object' } })
    await untilReloadStarted({ proxy, server }, () =>
      expectSitePages(server.url, { list: ['Spa Ensuite'] }),
    )
    await eventually(async () =>
      expect(server.output()).toMatch(
        /answered with something other than (a list of rows|a gallery view)/,
      ),
    )
  })
  expect(server.output()).not.toMatch(/process\.(unhandled_rejection|uncaught_exception)/)
})

test('with the source down from the start: error states, never a 500, and recovery', async ({
  page,
}) => {
  test.setTimeout(45_000)
  const { standIn, proxy, server } = await startSite({ fault: { kind: 'refuse' } })
  await expectSitePages(server.url, 'error')
  await test.step('the outage is an error line of its own, and /readyz stays ready', async () => {
    await eventually(async () =>
      expect(logRecords(server.output(), 'gallery.load_failed')[0]).toMatchObject({
        level: 'error',
        msg: 'Gallery load failed',
        error: expect.stringMatching(
          /Supabase (select from gallery_images|rpc gallery_view) failed/,
        ),
        stack: expect.stringMatching(/\n\s+at /),
      }),
    )
    const readiness = await fetch(`${server.url}/readyz`)
    expect(readiness.status).toBe(200)
    expect(await readiness.json()).toMatchObject({ mode: 'supabase' })
  })

  await test.step('the visitor sees the error text and the toast, with no console error', async () => {
    await page.goto(`${server.url}${sitePages.gallery}`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await expect(page.getByRole('alert').filter({ hasText: galleryTexts.pageError })).toBeVisible()
    await expect(page.getByText(galleryTexts.toast)).toBeVisible()
  })

  await test.step('a 503 instead: still the error states', async () => {
    await proxy.set({ kind: 'pass' })
    standIn.fail({ status: 503 })
    await untilReloadStarted({ proxy, server }, () => expectSitePages(server.url, 'error'))
  })

  await test.step('the source returns: the list, without a restart', async () => {
    standIn.fail(undefined)
    await eventually(() =>
      expectSitePages(server.url, { list: ['Oak Galley Kitchen', 'Spa Ensuite'] }),
    )
  })
})

test('a slow or stalled source: pages answer before it does', async () => {
  test.setTimeout(45_000)
  const { proxy, server } = await startSite({ fault: { kind: 'delay', ms: slowSourceMs } })
  const galleryPages = [sitePages.gallery, sitePages.service, sitePages.location]

  await test.step('first load slower than the wait: error states, before the source answers', async () => {
    const answers = await Promise.all(galleryPages.map((path) => getPage(server.url, path)))
    expectAnsweredWhileSourceHeld(proxy, 'delay')
    for (const answer of answers) expect(answer.status, answer.path).toBe(200)
    expect(answers[0]?.html).toContain(galleryTexts.pageError)
    expect(answers[1]?.html).toContain(galleryTexts.sectionError)
  })

  await test.step('the slow load finishes in the background: the next views get the list', async () => {
    await eventually(
      () => expectSitePages(server.url, { list: ['Oak Galley Kitchen', 'Spa Ensuite'] }),
      slowSourceMs + 4_000,
    )
  })

  await test.step('a body that stalls: pages keep the list while it stalls', async () => {
    await proxy.set({ kind: 'stall-body' })
    await untilReloadStarted({ proxy, server }, () =>
      expectSitePages(server.url, { list: ['Oak Galley Kitchen', 'Spa Ensuite'] }),
    )
    expectAnsweredWhileSourceHeld(proxy, 'stall-body')
  })
})

test('a stalled first load: error states while it stalls, and the list once the source answers', async () => {
  test.setTimeout(45_000)
  const { proxy, server } = await startSite({ fault: { kind: 'stall-body' } })
  const gallery = await getPage(server.url, sitePages.gallery)
  expectAnsweredWhileSourceHeld(proxy, 'stall-body')
  expect(galleryReads(proxy).at(-1)?.stalled, 'headers and first bytes sent').toBe(true)
  expect(gallery.status).toBe(200)
  expect(gallery.html).toContain(galleryTexts.pageError)
  await expectSitePages(server.url, 'error')

  await proxy.set({ kind: 'pass' })
  await eventually(() =>
    expectSitePages(server.url, { list: ['Oak Galley Kitchen', 'Spa Ensuite'] }),
  )
})
