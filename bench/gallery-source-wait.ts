/**
 * A slow or stalled gallery source, timed: how long /gallery takes to answer when the source
 * (PostgREST behind a fault proxy) answers only after 6.5 s, or sends its headers and then
 * stalls, against the same page with a healthy source. A page waits at most 3 s for the source,
 * then shows the error state; a page that holds a good list serves it at once while the reload
 * runs. e2e/faults/gallery-faults.spec.ts asserts the order (every page answered while the source
 * still held its answer); this prints the times, against the budget that spec once asserted.
 * A first view joins the read the server began as it started, so it answers when that read's
 * wait ends: a little under 3 s after it was asked.
 *
 *   flock /tmp/e2e.lock npm run build
 *   ./node_modules/.bin/node bench/gallery-source-wait.ts --no-build
 */
import { once } from 'node:events'
import { createServer } from 'node:http'
import { type ProxyFault, startFaultProxy } from '../test/faults/fault-proxy.ts'
import { answerWithShippedGallery } from '../test/support/shipped-gallery-rows.ts'
import { loadAverage, mark, median, table, writeSection } from './lib/results.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const runs = 5
const sourceWaitMs = 3_000
const slowSourceMs = 6_500
const ttlMs = 1_000
/** The wait, plus half a second to render the error state on this machine. */
const budget = { firstLoadMs: sourceWaitMs + 500, staleMs: 1_000 }

if (!skipBuild()) build()

const source = createServer(answerWithShippedGallery).listen(0, '127.0.0.1')
await once(source, 'listening')
const address = source.address()
if (address === null || typeof address === 'string') throw new Error('no address')
const proxy = await startFaultProxy(`http://127.0.0.1:${address.port}`)

async function timeGallery(origin: string) {
  const started = performance.now()
  const response = await fetch(`${origin}/gallery`, { signal: AbortSignal.timeout(20_000) })
  await response.text()
  if (response.status !== 200) throw new Error(`/gallery answered ${response.status}`)
  return performance.now() - started
}

type Case = {
  name: string
  budgetMs?: number
  /** The source's state when the server starts (and makes its first read). */
  startWith: ProxyFault
  /** Times the /gallery answer that counts, on a server that has just started. */
  time: (origin: string) => Promise<number>
}

/** The second view of /gallery, once the first view's list has passed its freshness. */
const pastFreshness =
  (fault: ProxyFault): Case['time'] =>
  async (origin) => {
    await timeGallery(origin)
    await proxy.set(fault)
    await new Promise((resolve) => setTimeout(resolve, ttlMs))
    return timeGallery(origin)
  }

const cases: Case[] = [
  {
    name: 'first load, healthy source (reference)',
    startWith: { kind: 'pass' },
    time: timeGallery,
  },
  {
    name: 'a good list past its freshness, healthy source (reference)',
    startWith: { kind: 'pass' },
    time: pastFreshness({ kind: 'pass' }),
  },
  {
    name: `a good list past its freshness, the source stalled (budget ≤ ${budget.staleMs} ms)`,
    budgetMs: budget.staleMs,
    startWith: { kind: 'pass' },
    time: pastFreshness({ kind: 'stall-body' }),
  },
  {
    name: `first load, the source answering after ${slowSourceMs / 1000} s (budget ≤ ${budget.firstLoadMs} ms)`,
    budgetMs: budget.firstLoadMs,
    startWith: { kind: 'delay', ms: slowSourceMs },
    time: timeGallery,
  },
  {
    name: `first load, the source's body stalled (budget ≤ ${budget.firstLoadMs} ms)`,
    budgetMs: budget.firstLoadMs,
    startWith: { kind: 'stall-body' },
    time: timeGallery,
  },
]

const loadBefore = loadAverage()
const measured = new Map<Case, number[]>()
for (let run = 0; run < runs; run++) {
  for (const item of cases) {
    // A fresh server each time: nothing of the gallery in memory.
    await proxy.set(item.startWith)
    const server = await startServer(
      {
        SUPABASE_URL: proxy.url,
        SUPABASE_ANON_KEY: 'stand-in-anon-key',
        SUPABASE_SECRET_KEY: 'sb_secret_stand-in',
        GALLERY_CACHE_TTL_MS: String(ttlMs),
      },
      { quietStderr: true },
    )
    try {
      const ms = await item.time(server.origin)
      measured.set(item, [...(measured.get(item) ?? []), ms])
      console.log(`run ${run + 1}, ${item.name}: ${ms.toFixed(0)} ms`)
    } finally {
      await proxy.set({ kind: 'pass' })
      await server.stop()
    }
  }
}
await proxy.close()
source.close()

const rows = cases.map((item) => {
  const times = measured.get(item) ?? []
  const slowest = Math.max(...times)
  return {
    pass: item.budgetMs === undefined || slowest <= item.budgetMs,
    cells: [
      item.name,
      `${median(times).toFixed(0)} ms`,
      `${Math.min(...times).toFixed(0)}–${slowest.toFixed(0)} ms`,
      item.budgetMs === undefined ? '—' : mark(slowest <= item.budgetMs),
    ],
  }
})
const pass = rows.every((row) => row.pass)
writeSection(
  'Gallery with a slow or stalled source',
  `${runs} runs of each case, each on a fresh production server (\`.output/\`, Supabase mode, V8's defaults) whose source is a PostgREST stand-in with the shipped gallery behind a fault proxy; freshness ${ttlMs} ms. A page waits at most ${sourceWaitMs / 1000} s for the source. Load average (1 / 5 / 15 min) ${loadBefore} at the start, ${loadAverage()} at the end.\n\n` +
    table(
      ['/gallery, the whole answer', 'median', 'range', 'slowest within budget'],
      rows.map((row) => row.cells),
    ),
)
process.exit(pass ? 0 : 1)
