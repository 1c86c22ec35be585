/**
 * Memory held (issue 23): the production server's resident memory (VmRSS) and V8's heap pages,
 * read from /proc (nothing is asked of the server), after start, after each page of the sitemap,
 * after 30 s of mixed load and after a second identical round, on the embedded defaults and, when
 * PostgreSQL 15 is installed, in Supabase mode (PGlite never loaded: PostgreSQL 15 behind the
 * gateway stand-in, test/support/postgrest-stand-in.ts).
 *
 * The load mixes what ordinary traffic brings: every sitemap page, the gallery's card photos, the
 * health probe, and addresses no cache has seen: a search of its own on each request, and pages
 * with query params no route reads (a tracking tag of 6 kB, unique per request), which used to be
 * rendered whole with the tag echoed into every link. Contact submissions are left to
 * bench/load.ts (they need Chromium to capture the form's request).
 *
 * The server runs as `npm run serve` starts it: with the allocator settings its script sets
 * (glibc's MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_) and Node's flags (V8's
 * --max-semi-space-size), read from package.json; and once more on the embedded defaults without
 * them, as `node .output/server/index.mjs` alone runs, for comparison. Each reading splits VmRSS by
 * mapping (/proc/<pid>/smaps): V8's heap pages, PGlite's WebAssembly memory, the main thread's
 * malloc heap (freed memory stays there, fragmented, until the top of the heap is free), the helper
 * threads' arenas, the files mapped (Node's own binary is about 55 MB of them in either mode) and
 * whether libvips is loaded (only once a photo needs variants made).
 *
 * Budgets: embedded ≤ 250 MB once idle after the load, and no growth in the second round; Supabase
 * ≤ 150 MB. Exits non-zero on a miss.
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/memory.ts [--no-build] [--embedded-only | --supabase-only]
 *
 * With one of the two flags, only those modes run, and the other modes' figures in
 * bench/results.md are kept as they were (each says when it was measured, and the machine's load
 * average then: other work on the machine slows the load, not what memory is held once idle).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon, { type AutocannonRequest } from 'autocannon'
import { createJiti } from 'jiti'
import { findPostgres15Binaries } from '../test/support/postgres-15.ts'
import { startPostgrestStandIn } from '../test/support/postgrest-stand-in.ts'
import { loadAverage, mark, percentile, table, writeSection } from './lib/results.ts'
import { browserPageHeaders } from './lib/routes.ts'
import {
  build,
  type ProcessMemory,
  processMemory,
  type RunningServer,
  type ServeSettings,
  serveSettings,
  skipBuild,
  startServer,
} from './lib/server.ts'

const MB = 1_000_000
const budgets = {
  embedded: 250 * MB,
  supabase: 150 * MB,
  /** Idle after round 2 minus idle after round 1: allocator and V8 noise, not a leak. */
  secondRoundGrowth: 10 * MB,
}
const connections = 20
const durationSeconds = 30
/** How long after a round to wait for V8 to give back the heap the load grew, at most. */
const maxIdleSeconds = 60
const pageHeaders = { ...browserPageHeaders, 'user-agent': 'maple-hearth-bench (memory)' }
const trackingTag = 'x'.repeat(6000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${(bytes / MB).toFixed(0)} MB`
const mbChange = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`

/**
 * The parts of VmRSS that /proc/<pid>/smaps names: the main thread's malloc heap (`[heap]`, where
 * freed memory stays until the top of the heap is free), the files mapped (Node's own binary,
 * which is most of it, and the shared libraries), and whether libvips (sharp's) is among them.
 */
type Mappings = { mainHeap: number; files: number; libvips: boolean }

function mappings(pid: number | undefined): Mappings | undefined {
  let smaps: string
  try {
    smaps = readFileSync(`/proc/${pid}/smaps`, 'utf8')
  } catch {
    return undefined
  }
  const parts: Mappings = { mainHeap: 0, files: 0, libvips: false }
  let name = ''
  for (const line of smaps.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (head) {
      name = head[1] ?? ''
      if (name.includes('libvips')) parts.libvips = true
      continue
    }
    const rss = /^Rss:\s+(\d+) kB$/.exec(line)
    if (!rss) continue
    if (name === '[heap]') parts.mainHeap += Number(rss[1]) * 1024
    else if (name.startsWith('/')) parts.files += Number(rss[1]) * 1024
  }
  return parts
}

type Reading = { when: string; memory: ProcessMemory | undefined; mappings: Mappings | undefined }

const read = (when: string, pid: number | undefined, memory = processMemory(pid)): Reading => ({
  when,
  memory,
  mappings: mappings(pid),
})

const memoryCells = ({ memory, mappings }: Reading) =>
  memory && mappings
    ? [
        `**${mb(memory.resident)}**`,
        mb(memory.v8Heap),
        memory.wasm.size > 0 ? mb(memory.wasm.resident) : '—',
        mb(mappings.mainHeap),
        mb(memory.threadArenas),
        `${mb(mappings.files)}${mappings.libvips ? ' (libvips loaded)' : ''}`,
        mb(
          memory.resident -
            memory.wasm.resident -
            memory.threadArenas -
            memory.v8Heap -
            mappings.mainHeap -
            mappings.files,
        ),
      ]
    : ['n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a']
const memoryHeaders = [
  'VmRSS',
  'V8 heap pages',
  'PGlite WebAssembly',
  'main thread’s malloc heap',
  'helper threads’ malloc arenas',
  'mapped files (Node’s binary, libraries)',
  'rest (large mallocs, V8 code, stacks)',
]

async function sitemapPaths(origin: string): Promise<string[]> {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname)
}

/** The smallest AVIF of each picture on a page: what a phone takes for the gallery's cards. */
function phonePhotos(html: string): string[] {
  const urls = new Set<string>()
  for (const [, srcset = ''] of html.matchAll(
    /<source[^>]*type="image\/avif"[^>]*srcset="([^"]*)"/gi,
  )) {
    const first = srcset.replaceAll('&amp;', '&').split(',')[0]?.trim().split(/\s+/)[0]
    if (first?.includes('/gallery-variants/')) urls.add(first)
  }
  return [...urls]
}

type RoundFigures = {
  /** The machine's load average (1, 5, 15 min) at the end of the round's load. */
  load: string
  requests: number
  errors: number
  statuses: Map<number, number>
  latency: Map<string, number[]>
  after: Reading
  idle: Reading
  idleFor: number
}

async function loadRound(
  server: RunningServer,
  pages: string[],
  photos: string[],
  round: number,
): Promise<RoundFigures> {
  const pid = server.process.pid
  let unique = round * 10_000_000
  const latency = new Map<string, number[]>()
  const statuses = new Map<number, number>()
  let lastKind: string | undefined
  const kindOf =
    (kind: string): AutocannonRequest['onResponse'] =>
    (status) => {
      lastKind = kind
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  const page = (path: string): AutocannonRequest => ({ path, onResponse: kindOf('page') })
  const uniquely = (kind: string, path: (n: number) => string): AutocannonRequest => ({
    setupRequest: (request) => ({ ...request, path: path(unique++) }),
    onResponse: kindOf(kind),
  })
  const requests: AutocannonRequest[] = [
    ...pages.map(page),
    uniquely('search of its own', (n) => `/gallery?q=oak+${n}`),
    uniquely('unknown params', (n) => `/gallery?category=kitchen&utm_content=${n}-${trackingTag}`),
    uniquely('unknown params', (n) => `/services/kitchen-remodeling?fbclid=${n}-${trackingTag}`),
    uniquely('unknown params', (n) => `/faq?gclid=${n}`),
    { path: '/healthz', onResponse: kindOf('/healthz') },
    ...photos.slice(0, 6).map((path) => ({ path, onResponse: kindOf('photo') })),
  ]
  console.log(`  round ${round}: ${connections} connections for ${durationSeconds} s …`)
  const instance = autocannon({
    url: server.origin,
    connections,
    duration: durationSeconds,
    headers: pageHeaders,
    requests,
  })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => {
    if (lastKind) {
      const times = latency.get(lastKind) ?? []
      times.push(time)
      latency.set(lastKind, times)
    }
    lastKind = undefined
  })
  const result = await instance
  const load = loadAverage()
  const ended = Date.now()
  const after = read(`round ${round}: right after the load`, pid)
  // V8 gives back the heap pages the load grew once the process idles (its memory reducer):
  // at least 15 s, then until that has happened, at most `maxIdleSeconds`.
  await sleep(15_000)
  let idle = processMemory(pid)
  const high = after.memory?.v8Heap ?? 0
  while ((idle?.v8Heap ?? 0) > high / 2 && Date.now() - ended < maxIdleSeconds * 1000) {
    await sleep(1000)
    idle = processMemory(pid)
  }
  const idleFor = (Date.now() - ended) / 1000
  return {
    load,
    requests: result.requests.total,
    errors: result.errors,
    statuses,
    latency,
    after,
    idle: read(`round ${round}: idle ${idleFor.toFixed(0)} s after the load`, pid, idle),
    idleFor,
  }
}

type ModeResult = {
  mode: string
  readings: Reading[]
  perPage: { path: string; bytes: number; memory: ProcessMemory | undefined }[]
  rounds: RoundFigures[]
  taggedBytes: { plain: number; tagged: number; status: number }
}

async function measure(
  mode: ModeResult['mode'],
  { env, nodeFlags }: ServeSettings,
): Promise<ModeResult> {
  const server = await startServer(env, { quietStderr: true, nodeFlags })
  const pid = server.process.pid
  try {
    await sleep(2000)
    const readings: Reading[] = [read('after start', pid)]
    console.log(`  ${mode}: after start ${mb(readings[0]?.memory?.resident)}`)

    const paths = await sitemapPaths(server.origin)
    const perPage: ModeResult['perPage'] = []
    let photos: string[] = []
    for (const path of paths) {
      const response = await fetch(`${server.origin}${path}`, { headers: pageHeaders })
      const html = await response.text()
      if (!response.ok) throw new Error(`${path} answered ${response.status}`)
      if (path === '/gallery') {
        photos = phonePhotos(html)
        for (const photo of photos) {
          const answer = await fetch(`${server.origin}${photo}`)
          await answer.arrayBuffer()
          if (!answer.ok) throw new Error(`${photo} answered ${answer.status}`)
        }
      }
      perPage.push({ path, bytes: html.length, memory: processMemory(pid) })
    }
    readings.push(
      read(
        `after every sitemap page (${paths.length}, and the gallery’s ${photos.length} card photos for a phone)`,
        pid,
      ),
    )

    // What a page with a 6 kB tag no route reads costs: redirected to the page without it.
    const size = async (path: string) => {
      const response = await fetch(`${server.origin}${path}`, {
        headers: { ...pageHeaders, 'accept-encoding': 'identity' },
        redirect: 'manual',
      })
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength }
    }
    const plain = await size('/gallery?category=kitchen')
    const tagged = await size(`/gallery?category=kitchen&utm_content=${trackingTag}`)
    const taggedBytes = { plain: plain.bytes, tagged: tagged.bytes, status: tagged.status }

    const rounds: RoundFigures[] = []
    for (const round of [1, 2]) {
      const figures = await loadRound(server, paths, photos, round)
      rounds.push(figures)
      readings.push(figures.after, figures.idle)
      console.log(
        `  ${mode} round ${round}: ${figures.requests} requests, after ${mb(figures.after.memory?.resident)}, idle ${mb(figures.idle.memory?.resident)}`,
      )
    }
    return { mode, readings, perPage, rounds, taggedBytes }
  } finally {
    await server.stop()
  }
}

/** Supabase mode on 127.0.0.1: PostgreSQL 15 with our schema, the gateway stand-in, the bucket. */
async function startSupabaseParts() {
  // The schema's migration runner imports without file extensions, as the app's bundler allows.
  const { openPostgres15SchemaDatabase } = await createJiti(import.meta.url).import<
    typeof import('../test/support/supabase-schema.ts')
  >('../test/support/supabase-schema.ts')
  const secretKey = `sb_secret_${crypto.randomUUID().replaceAll('-', '')}`
  const schema = await openPostgres15SchemaDatabase(10)
  const storageDir = mkdtempSync(join(tmpdir(), 'bench-storage-'))
  const bucket = 'public/storage/v1/object/public/gallery'
  cpSync(bucket, join(storageDir, 'gallery'), { recursive: true })
  const manifest = JSON.parse(readFileSync(join(bucket, 'manifest.json'), 'utf8')) as {
    path: string
    additional?: string[]
    title?: string
  }[]
  // What the dashboard does on an upload: a row in storage.objects (the trigger adds the project).
  for (const entry of manifest) {
    for (const path of [entry.path, ...(entry.additional ?? [])]) {
      await schema.database.query(
        `insert into storage.objects (bucket_id, name, metadata, user_metadata)
         values ('gallery', $1, '{"mimetype":"image/webp"}', $2)`,
        [path, JSON.stringify(path === entry.path && entry.title ? { title: entry.title } : {})],
      )
    }
  }
  const gateway = await startPostgrestStandIn({ database: schema.database, secretKey, storageDir })
  return {
    env: {
      SUPABASE_URL: gateway.url,
      SUPABASE_ANON_KEY: gateway.anonKey,
      SUPABASE_SECRET_KEY: secretKey,
      // No contact function runs here: keep the delivery schedule quiet.
      CONTACT_RETRY_INTERVAL_MS: '3600000',
    },
    async stop() {
      await gateway.close()
      await schema.close()
      rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

function report(result: ModeResult, budget: number | undefined) {
  const [round1, round2] = result.rounds
  const idle1 = round1?.idle.memory?.resident ?? Number.NaN
  const idle2 = round2?.idle.memory?.resident ?? Number.NaN
  // Outside V8's heap pages, which V8 gives back when its memory reducer runs (not on cue): a
  // leak of JavaScript objects shows in the V8 column of the table whenever it has run.
  const outsideV8 = (memory: ProcessMemory | undefined) =>
    memory ? memory.resident - memory.v8Heap : Number.NaN
  const growth = outsideV8(round2?.idle.memory) - outsideV8(round1?.idle.memory)
  const highest = Math.max(idle1, idle2)
  const checks: [string, string, string, boolean][] = [
    [
      'VmRSS once idle after each round of load',
      `${mb(idle1)}, ${mb(idle2)}`,
      budget === undefined ? 'none (for comparison)' : `≤ ${mb(budget)}`,
      budget === undefined || highest <= budget,
    ],
    [
      'growth in the second round, idle to idle, outside V8’s heap pages',
      mbChange(growth),
      `≤ ${mb(budgets.secondRoundGrowth)}`,
      growth <= budgets.secondRoundGrowth,
    ],
    [
      'errors during the load',
      String(result.rounds.reduce((sum, r) => sum + r.errors, 0)),
      '0',
      result.rounds.every((r) => r.errors === 0),
    ],
  ]
  const pageRows = result.perPage.map((page) => [
    page.path,
    `${(page.bytes / 1000).toFixed(0)} kB`,
    mb(page.memory?.resident),
    mb(page.memory?.v8Heap),
  ])
  const kinds = [...new Set(result.rounds.flatMap((r) => [...r.latency.keys()]))]
  const latencyRows = kinds.map((kind) => [
    kind,
    ...result.rounds.flatMap((r) => {
      const values = r.latency.get(kind) ?? []
      return [
        String(values.length),
        `${percentile(values, 50).toFixed(0)} ms`,
        `${percentile(values, 99).toFixed(0)} ms`,
      ]
    }),
  ])
  const statuses = (r: RoundFigures) =>
    [...r.statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')
  const body = [
    `### ${result.mode}`,
    '',
    `Measured ${new Date().toISOString()}.`,
    '',
    table(
      ['check', 'result', 'budget', ''],
      checks.map(([name, value, limit, pass]) => [name, value, limit, mark(pass)]),
    ),
    '',
    table(
      ['when', ...memoryHeaders],
      result.readings.map((reading) => [reading.when, ...memoryCells(reading)]),
    ),
    '',
    `A 6 kB query param no route reads: \`/gallery?category=kitchen&utm_content=…\` answered ${result.taggedBytes.status} in ${(result.taggedBytes.tagged / 1000).toFixed(1)} kB, the page it names is ${(result.taggedBytes.plain / 1000).toFixed(1)} kB.`,
    '',
    `Requests per round: ${result.rounds.map((r, i) => `round ${i + 1}: ${r.requests} (${statuses(r)}; the machine's load average at its end ${r.load})`).join('; ')}.`,
    '',
    table(
      [
        'kind',
        ...result.rounds.flatMap((_, i) => [
          `round ${i + 1} answers`,
          `round ${i + 1} p50`,
          `round ${i + 1} p99`,
        ]),
      ],
      latencyRows,
    ),
    '',
    '<details><summary>After each sitemap page (uncompressed size)</summary>',
    '',
    table(['page', 'size', 'VmRSS', 'V8 heap pages'], pageRows),
    '',
    '</details>',
  ].join('\n')
  return { body, passed: checks.every(([, , , pass]) => pass) }
}

/**
 * The subsections of this bench's section in bench/results.md as they are now, for the modes a run
 * leaves out (`--embedded-only`, `--supabase-only`): each starts with `### <mode>`.
 */
function keptSubsections(): string[] {
  const file = new URL('./results.md', import.meta.url)
  if (!existsSync(file)) return []
  const text = readFileSync(file, 'utf8')
  const section = /<!-- Memory \(issue 23\) -->([\s\S]*?)<!-- \/Memory \(issue 23\) -->/.exec(text)
  // Subsections written before they carried their own date: the section's date is theirs.
  const date = /\d{4}-\d\d-\d\dT[\d:.]+Z/.exec(section?.[1] ?? '')?.[0] ?? 'at an unknown date'
  return (section?.[1] ?? '')
    .split(/^(?=### )/m)
    .slice(1)
    .map((part) => part.trim())
    .map((part) =>
      /^Measured /m.test(part) ? part : part.replace(/^(### .*)$/m, `$1\n\nMeasured ${date}.`),
    )
}

async function main() {
  const onlyEmbedded = process.argv.includes('--embedded-only')
  const onlySupabase = process.argv.includes('--supabase-only')
  if (!skipBuild()) build()
  const kept = keptSubsections()
  const keptOr = (heading: string) =>
    kept.find((part) => part.startsWith(`### ${heading}`)) ??
    `### ${heading}\n\nNot measured yet: run bench/memory.ts without --embedded-only or --supabase-only.`
  const sections: string[] = []
  let passed = true

  const serve = serveSettings()
  const serveText = [
    ...Object.entries(serve.env).map(([name, value]) => `${name}=${value}`),
    'node',
    ...serve.nodeFlags,
  ].join(' ')
  if (onlySupabase) {
    sections.push(keptOr('Embedded (PGlite)'), keptOr('Embedded, started'))
  } else {
    const embedded = await measure(
      `Embedded (PGlite), as npm run serve starts it (${serveText})`,
      serve,
    )
    const embeddedReport = report(embedded, budgets.embedded)
    sections.push(embeddedReport.body)
    passed &&= embeddedReport.passed
    const bare = await measure(
      'Embedded, started as node .output/server/index.mjs alone (glibc’s default allocator settings)',
      { env: {}, nodeFlags: [] },
    )
    sections.push(report(bare, undefined).body)
  }

  if (onlyEmbedded) {
    sections.push(keptOr('Supabase'))
  } else if (findPostgres15Binaries()) {
    const parts = await startSupabaseParts()
    try {
      const supabase = await measure(
        `Supabase (PGlite never loaded), as npm run serve starts it (${serveText})`,
        { env: { ...serve.env, ...parts.env }, nodeFlags: serve.nodeFlags },
      )
      const supabaseReport = report(supabase, budgets.supabase)
      sections.push(supabaseReport.body)
      passed &&= supabaseReport.passed
    } finally {
      await parts.stop()
    }
  } else {
    sections.push('### Supabase\n\nNot measured: PostgreSQL 15 is not installed.')
  }

  const intro = `The production server on 127.0.0.1 (\`node .output/server/index.mjs\`, a fresh DATA_DIR), read from /proc/<pid>/status and /proc/<pid>/smaps (nothing is asked of the server): after start; after each sitemap page, fetched once in order (and the gallery's card photos as a phone takes them, which makes their variants with sharp); then two identical rounds of autocannon, ${connections} connections × ${durationSeconds} s, each followed by at least 15 s idle (until V8 gives back the heap pages the load grew, at most ${maxIdleSeconds} s). Every connection cycles through every sitemap page, a gallery search of its own, three pages with query params no route reads (6 kB tags on two, all unique), /healthz and six card photos. The server runs as \`npm run serve\` starts it (its allocator settings and Node flags, read from package.json), and once more without them for comparison. VmRSS is split by mapping (/proc/<pid>/smaps): the main thread's malloc heap keeps what was freed, fragmented, until the top of the heap is free (glibc returns the middle only on malloc_trim, which Node never calls); the mapped files are mostly Node's own binary (its code and ICU data), the same in either mode. MB = 10^6 bytes. Budgets: embedded ≤ ${mb(budgets.embedded)} and Supabase ≤ ${mb(budgets.supabase)} once idle after the load, and the second round adds ≤ ${mb(budgets.secondRoundGrowth)}.`
  writeSection('Memory (issue 23)', [intro, ...sections].join('\n\n'))
  console.log(passed ? '  memory: every budget met' : '  memory: a budget was missed')
  if (!passed) process.exitCode = 1
}

await main()
