/**
 * Load held (issue 7): 50 connections for 30 s over a mix of pages and real contact-form
 * submissions, against the production server on 127.0.0.1 with the hCaptcha verifier stand-in
 * on 127.0.0.1. Zero errors, latency and throughput per kind, and every accepted message stored
 * (nothing lost). Memory: the same load runs several rounds against one server process, with
 * VmRSS (split into PGlite's WebAssembly memory, helper threads' malloc arenas and the rest) read
 * before, after each round, 5 s later and once V8 has given back the heap the load grew, so a heap
 * or cache settling at the load's size (round 1 grows, later rounds do not) is told apart from a
 * leak (every round grows). No flag, signal or request is added to the server for it.
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/load.ts [--no-build] [--rounds=3]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon'
import { startCaptchaStandIn, testSecret } from '../test/contact/captcha-stand-in.ts'
import { captureContactRequest, isOkAnswer } from './lib/contact-request.ts'
import { kB, MiB, mark, percentile, table, writeSection } from './lib/results.ts'
import { browserPageHeaders } from './lib/routes.ts'
import {
  build,
  type ProcessMemory,
  processMemory,
  residentBytes,
  skipBuild,
  startServer,
} from './lib/server.ts'

const connections = 50
const durationSeconds = 30
/** The longest pause after a round, waiting for V8 to give back the heap the load grew. */
const maxIdleSeconds = 30
/**
 * `--rounds=N` (default 3): identical rounds against one server process. One round cannot tell
 * a cache or a heap settling at the load's size from a leak; a leak keeps growing every round.
 */
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 3)
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds= takes a whole number ≥ 1')

const pageHeaders = { ...browserPageHeaders, 'accept-language': 'en-CA,en;q=0.9' }

type Kind =
  | 'home'
  | 'gallery (filtered)'
  | 'service page'
  | 'location page'
  | 'faq'
  | 'contact page'
  | 'contact submission'

/** Every connection walks this list in order, round and round: 2 submissions in 12 requests. */
const pageMix: [Kind, string][] = [
  ['home', '/'],
  ['gallery (filtered)', '/gallery?category=kitchen'],
  ['service page', '/services/kitchen-remodeling'],
  ['location page', '/areas-of-service/concord-kitchen-remodeling'],
  ['gallery (filtered)', '/gallery?category=bathroom&sort=newest'],
  ['faq', '/faq'],
  ['contact page', '/contact-us'],
  ['service page', '/services/bathroom-remodeling'],
  ['gallery (filtered)', '/gallery?q=cabinet&sort=alphabetical'],
  ['location page', '/areas-of-service/etobicoke-bathroom-remodeling'],
]

/** Submission n speaks from its own address (TRUST_PROXY=true), with its own passing token. */
const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
const tokenFor = (n: number) => `10000000-aaaa-bbbb-cccc-${String(900_000_000_000 + n)}`
const nameFor = (n: number) => `Bench Load ${String(n).padStart(6, '0')}`

interface KindStats {
  latencies: number[]
  statuses: Map<number, number>
  /** Submissions only: 200 answers that were not `{ ok: true }`. */
  refused: number
}

/** Per connection: the number of the submission in flight. */
type RequestContext = { submission?: number }

interface InboxSnapshot {
  total: number
  messages: { name: string; status: string }[]
}

function readInbox(dataDir: string): InboxSnapshot | undefined {
  const file = join(dataDir, 'inbox', 'messages.json')
  if (!existsSync(file)) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as InboxSnapshot
  } catch {
    return undefined // mid-rename on a slow disk: read again
  }
}

/** Distinct log entries (stack frames dropped), most frequent first. */
function summariseLog(text: string): [string, number][] {
  const counts = new Map<string, number>()
  for (const line of text.split('\n')) {
    const trimmed = line.trim()
    if (!trimmed || /^at\s/.test(trimmed)) continue
    const entry = trimmed.slice(0, 160)
    counts.set(entry, (counts.get(entry) ?? 0) + 1)
  }
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8)
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : `${Math.round(value)} ms`)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Figures of one round: `connections` × `durationSeconds` against the same server process. */
interface Round {
  result: AutocannonResult
  stats: Map<Kind, KindStats>
  /** Every answer in time order, to see whether the server holds up or degrades over the round. */
  timeline: { at: number; submission: boolean; latency: number }[]
  errorCodes: Map<string, number>
  /** Submissions built (sent) in this round. */
  built: number
  /** Names of the submissions answered `{ ok: true }` in this round. */
  accepted: Set<string>
  peak: number
  after: ProcessMemory | undefined
  /** 5 s after the load, or once the inbox settled if later (`idle5For` seconds). */
  idle5: ProcessMemory | undefined
  idle5For: number
  /** Once V8 gave back the heap the load grew (or `maxIdleSeconds` after the load). */
  idle: ProcessMemory | undefined
  /** Whether V8 gave it back in time; seconds from the end of the load to the `idle` reading. */
  released: boolean
  idleFor: number
  /** Inbox snapshot total (every round so far, the captured submission included). */
  stored: number
  listsAll: boolean
  listedNames: Set<string>
  /** .eml files in the outbox so far (the captured one included). */
  notifications: number
}

const statsOf = (stats: Map<Kind, KindStats>, kind: Kind) => {
  let entry = stats.get(kind)
  if (!entry) {
    entry = { latencies: [], statuses: new Map(), refused: 0 }
    stats.set(kind, entry)
  }
  return entry
}

const MiBChange = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${MiB(Math.abs(bytes))}`

async function main() {
  if (!skipBuild()) build()
  const verifier = await startCaptchaStandIn(testSecret, 0)
  const server = await startServer(
    { HCAPTCHA_VERIFY_URL: verifier.url, TRUST_PROXY: 'true' },
    // Summarised in the results instead (a client cut off mid-request is logged with a stack).
    { quietStderr: true },
  )
  const pid = server.process.pid
  try {
    // 1. The request a real browser sends, from the real form.
    const contact = await captureContactRequest(server.origin)
    if (contact.response.status !== 200 || !isOkAnswer(contact.response.body)) {
      throw new Error(
        `the captured submission failed: ${contact.response.status} ${contact.response.body}`,
      )
    }
    console.log(`  captured POST ${contact.path} (${Object.keys(contact.headers).join(', ')})`)

    // 2. Warm-up: every page a few times, so "before" is a running server, not a cold one.
    for (let pass = 0; pass < 3; pass++) {
      for (const [, path] of pageMix) {
        const response = await fetch(`${server.origin}${path}`, { headers: pageHeaders })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`warm-up: ${path} answered ${response.status}`)
      }
    }
    await sleep(1000)
    const before = processMemory(pid)
    const stderrBefore = server.stderr()

    // 3. The load, `rounds` times over. Submission numbers (names, tokens, addresses) run on
    //    across rounds: every token is fresh and every address new to the rate limiter.
    let submissionsBuilt = 0
    const acceptedSoFar = new Set<string>()
    const submissionPath = contact.path
    const requestsFor = (onResponseOf: (kind: Kind) => AutocannonRequest['onResponse']) => {
      const submission = {
        method: 'POST' as const,
        path: submissionPath,
        headers: contact.headers,
        setupRequest: (request: AutocannonRequest, context: RequestContext) => {
          submissionsBuilt += 1
          const n = submissionsBuilt
          context.submission = n
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': clientAddress(n) },
            body: contact.body(nameFor(n), tokenFor(n)),
          }
        },
        onResponse: onResponseOf('contact submission'),
      }
      const page = ([kind, path]: [Kind, string]) => ({
        method: 'GET' as const,
        path,
        onResponse: onResponseOf(kind),
      })
      return [
        ...pageMix.slice(0, 5).map(page),
        submission,
        ...pageMix.slice(5).map(page),
        submission,
      ]
    }
    const requestCount = requestsFor(() => undefined).length

    async function runRound(number: number): Promise<Round> {
      const stats = new Map<Kind, KindStats>()
      let lastKind: Kind | undefined
      const accepted = new Set<string>()
      const builtBefore = submissionsBuilt
      // Called just before autocannon's 'response' event for the same answer (same tick); the
      // context is the connection's own, and a connection has one request in flight.
      const onResponseOf =
        (kind: Kind) => (status: number, body: string, context: RequestContext) => {
          lastKind = kind
          const entry = statsOf(stats, kind)
          entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1)
          if (kind === 'contact submission' && status === 200) {
            if (!isOkAnswer(body)) entry.refused += 1
            else if (context.submission !== undefined) accepted.add(nameFor(context.submission))
          }
        }
      const errorCodes = new Map<string, number>()
      let peak = residentBytes(pid) ?? 0
      const sampler = setInterval(() => {
        peak = Math.max(peak, residentBytes(pid) ?? 0)
      }, 1000)
      const timeline: Round['timeline'] = []
      const loadStarted = performance.now()
      console.log(
        `  round ${number}/${rounds}: ${connections} connections for ${durationSeconds} s …`,
      )
      const instance = autocannon({
        url: server.origin,
        connections,
        duration: durationSeconds,
        headers: pageHeaders,
        requests: requestsFor(onResponseOf),
      })
      instance.on(
        'response',
        (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
          if (lastKind) {
            statsOf(stats, lastKind).latencies.push(responseTime)
            timeline.push({
              at: performance.now() - loadStarted,
              submission: lastKind === 'contact submission',
              latency: responseTime,
            })
          }
          lastKind = undefined
        },
      )
      instance.on('reqError', (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message
        errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1)
      })
      const result = await instance
      const loadEnded = Date.now()
      clearInterval(sampler)
      const after = processMemory(pid)
      if (after) peak = Math.max(peak, after.resident)
      for (const name of accepted) acceptedSoFar.add(name)

      // Every accepted message stored? The server rewrites its inbox snapshot (debounced) after
      // each change: wait until it holds at least the accepted ones and stops changing (≤ 20 s).
      const expectedAtLeast = acceptedSoFar.size + 1 // + the captured submission
      let inbox = readInbox(server.dataDir)
      let stableSince = Date.now()
      for (const started = Date.now(); Date.now() - started < 20_000; ) {
        await sleep(250)
        const next = readInbox(server.dataDir)
        if (next?.total !== inbox?.total) stableSince = Date.now()
        inbox = next
        if ((inbox?.total ?? 0) >= expectedAtLeast && Date.now() - stableSince >= 1500) break
      }
      await sleep(loadEnded + 5000 - Date.now())
      const idle5 = processMemory(pid)
      const idle5For = (Date.now() - loadEnded) / 1000
      // V8 keeps the heap the load grew until its memory reducer finds the process idle (10-20 s
      // after the load here, but after some rounds not within a minute): wait for that (its heap
      // pages halve at once), at most `maxIdleSeconds` after the load.
      const v8 = (memory: ProcessMemory | undefined) => memory?.v8Heap ?? Number.NaN
      const high = Math.max(v8(after), v8(idle5))
      let idle = idle5
      let released = false
      while (!released && Date.now() - loadEnded < maxIdleSeconds * 1000) {
        await sleep(1000)
        idle = processMemory(pid)
        released = v8(idle) <= high / 2
      }
      if (released) {
        await sleep(2000) // the reducer's follow-up collections
        idle = processMemory(pid)
      }
      const idleFor = (Date.now() - loadEnded) / 1000
      const outboxDir = join(server.dataDir, 'outbox')
      const notifications = existsSync(outboxDir)
        ? readdirSync(outboxDir).filter((file) => file.endsWith('.eml')).length
        : 0
      return {
        result,
        stats,
        timeline,
        errorCodes,
        built: submissionsBuilt - builtBefore,
        accepted,
        peak,
        after,
        idle5,
        idle5For,
        idle,
        released,
        idleFor,
        stored: inbox?.total ?? 0,
        // The snapshot lists the newest 1000 messages; names are checked when it lists them all.
        listsAll: inbox !== undefined && inbox.messages.length === inbox.total,
        listedNames: new Set(inbox?.messages.map((m) => m.name) ?? []),
        notifications,
      }
    }

    const done: Round[] = []
    for (let number = 1; number <= rounds; number++) done.push(await runRound(number))
    const last = done[done.length - 1] as Round
    const stderrAfter = server.stderr()
    const stderrDuring = stderrAfter.startsWith(stderrBefore)
      ? stderrAfter.slice(stderrBefore.length)
      : stderrAfter
    const serverLog = summariseLog(stderrDuring)

    // 4. Figures.
    const kinds = [...new Set([...pageMix.map(([kind]) => kind), 'contact submission' as Kind])]
    const statusesOf = (entries: Iterable<KindStats>) => {
      const statuses = new Map<number, number>()
      for (const entry of entries)
        for (const [status, count] of entry.statuses)
          statuses.set(status, (statuses.get(status) ?? 0) + count)
      return statuses
    }
    const non2xxText = (statuses: Map<number, number>) => {
      const bad = [...statuses].filter(([status]) => status < 200 || status >= 300)
      return bad.length === 0
        ? '0'
        : bad.map(([status, count]) => `${count} × ${status}`).join(', ')
    }
    const kindTable = (round: Round) => {
      const seconds = round.result.duration
      const rows = kinds.map((kind) => {
        const entry = statsOf(round.stats, kind)
        const count = entry.latencies.length
        return [
          kind,
          count,
          (count / seconds).toFixed(1),
          ms(percentile(entry.latencies, 50)),
          ms(percentile(entry.latencies, 99)),
          non2xxText(entry.statuses),
          kind === 'contact submission' ? entry.refused : '—',
        ]
      })
      const everything = [...round.stats.values()].flatMap((entry) => entry.latencies)
      rows.push([
        '**all**',
        everything.length,
        (everything.length / seconds).toFixed(1),
        ms(percentile(everything, 50)),
        ms(percentile(everything, 99)),
        non2xxText(statusesOf(round.stats.values())),
        statsOf(round.stats, 'contact submission').refused,
      ])
      return table(['kind', 'answers', 'req/s', 'p50', 'p99', 'non-2xx by status', 'refused'], rows)
    }

    const windowSeconds = 5
    const windowRows = done.flatMap((round, index) => {
      const seconds = round.result.duration
      // Whole windows; answers after the last boundary (the round's final moments) join the last.
      const windowCount = Math.max(1, Math.floor(seconds / windowSeconds))
      return Array.from({ length: windowCount }, (_, i) => {
        const from = i * windowSeconds * 1000
        const to = i === windowCount - 1 ? Number.POSITIVE_INFINITY : from + windowSeconds * 1000
        const inWindow = round.timeline.filter((e) => e.at >= from && e.at < to)
        const pages = inWindow.filter((e) => !e.submission).map((e) => e.latency)
        const submissions = inWindow.filter((e) => e.submission).map((e) => e.latency)
        const span = i === windowCount - 1 ? seconds - i * windowSeconds : windowSeconds
        return [
          i === 0 ? `round ${index + 1}` : '',
          `${i * windowSeconds}–${i === windowCount - 1 ? seconds.toFixed(0) : (i + 1) * windowSeconds} s`,
          (inWindow.length / span).toFixed(1),
          ms(percentile(pages, 50)),
          ms(percentile(pages, 99)),
          (submissions.length / span).toFixed(1),
          ms(percentile(submissions, 50)),
          ms(percentile(submissions, 99)),
        ]
      })
    })

    const allStats = done.flatMap((round) => [...round.stats.values()])
    const allStatuses = statusesOf(allStats)
    const non2xx = [...allStatuses].filter(([status]) => status < 200 || status >= 300)
    const errors = done.reduce((sum, round) => sum + round.result.errors, 0) // timeouts included
    const timeouts = done.reduce((sum, round) => sum + round.result.timeouts, 0)
    const errorCodes = new Map<string, number>()
    for (const round of done)
      for (const [code, count] of round.errorCodes)
        errorCodes.set(code, (errorCodes.get(code) ?? 0) + count)
    const refusedOf = (round: Round) => statsOf(round.stats, 'contact submission').refused
    const refused = done.reduce((sum, round) => sum + refusedOf(round), 0)
    const answeredOf = (round: Round) => statsOf(round.stats, 'contact submission').latencies.length
    const storedOfLoad = last.stored - 1
    const missingNames = last.listsAll
      ? [...acceptedSoFar].filter((name) => !last.listedNames.has(name))
      : []
    const lost = last.listsAll
      ? missingNames.length
      : Math.max(0, acceptedSoFar.size - storedOfLoad)
    const errorText =
      errors === 0
        ? '0'
        : `${errors} (of which ${timeouts} timeouts${errorCodes.size > 0 ? `: ${[...errorCodes].map(([code, n]) => `${n} × ${code}`).join(', ')}` : ''})`

    // Memory: the growth of each round, from the idle reading after the round before (the first
    // from "before") to the idle reading after it. WebAssembly, thread arenas and the rest (the
    // main thread's allocations, code) do not depend on when V8 collects; V8's heap pages do, so
    // they count only between two rounds after which V8 gave back the heap the load grew (then
    // what remains is what it keeps). A cache or a heap that has grown to the load's working set
    // stops growing; a leak grows again every round.
    const storedBefore = (index: number) => (index === 0 ? 1 : (done[index - 1] as Round).stored)
    const growth = done.map((round, index) => {
      const previous = done[index - 1]
      const from = previous === undefined ? before : previous.idle
      const to = round.idle
      if (!from || !to) return undefined
      const v8Comparable = round.released && (previous === undefined || previous.released)
      const wasm = to.wasm.resident - from.wasm.resident
      const threadArenas = to.threadArenas - from.threadArenas
      const v8Heap = v8Comparable ? to.v8Heap - from.v8Heap : undefined
      const other =
        to.resident -
        to.wasm.resident -
        to.threadArenas -
        to.v8Heap -
        (from.resident - from.wasm.resident - from.threadArenas - from.v8Heap)
      return {
        total: wasm + threadArenas + other + (v8Heap ?? 0),
        wasm,
        wasmSize: to.wasm.size - from.wasm.size,
        threadArenas,
        v8Heap,
        other,
        stored: round.stored - storedBefore(index),
      }
    })
    const measured = growth.every((g) => g !== undefined)
    const totals = growth.map((g) => g?.total ?? Number.NaN)
    const [firstGrowth = Number.NaN, ...laterGrowth] = totals
    // A round after the first must add no more than this: V8's garbage in ArrayBuffers and JIT
    // code move the rest by up to ~10 MiB between readings, allocator arenas trim or not, and with
    // a new address per submission the rate limiter keeps ~0.6 kB per message for an hour (at
    // most 10 000 keys). A leak of more than ~3 kB per request (8000 requests a round) exceeds it.
    const floor = 24 * 2 ** 20
    const lastGrowth = totals[totals.length - 1] ?? Number.NaN
    // V8's heap counts in the last round where it is comparable (a JS leak cannot hide there).
    const lastV8 = [...growth.slice(1)].reverse().find((g) => g?.v8Heap !== undefined)
    const v8Known = lastV8?.v8Heap !== undefined
    const plateau =
      measured &&
      rounds >= 2 &&
      lastGrowth <= floor &&
      v8Known &&
      (lastV8?.v8Heap ?? Number.POSITIVE_INFINITY) <= floor
    const roundsText = (values: number[], from = 1) =>
      values.map((g, i) => `round ${i + from}: ${MiBChange(g)}`).join(', ')
    const share = (g: number) => `${Math.round((g / firstGrowth) * 100)} %`

    const checks = [
      ['connection errors and timeouts', errorText, '0', errors === 0],
      [
        'non-2xx answers',
        non2xx.length === 0 ? '0' : non2xxText(allStatuses),
        '0',
        non2xx.length === 0,
      ],
      ['submissions refused (200 without `ok`)', refused, '0', refused === 0],
      [
        'accepted messages lost',
        `${lost}${last.listsAll ? ' (checked by name)' : ' (checked by count: the snapshot lists the newest 1000)'}`,
        '0',
        lost === 0,
      ],
      [
        'server memory growth per round after the first (VmRSS once idle)',
        !measured
          ? 'n/a'
          : rounds < 2
            ? 'one round: use --rounds=2 or more'
            : roundsText(laterGrowth, 2),
        rounds < 2
          ? 'n/a'
          : `the last ≤ ${MiB(floor)}, and V8's heap ≤ ${MiB(floor)} in the last round it is comparable (a leak adds about as much every round)`,
        plateau,
      ],
    ] as const

    const memoryCells = (memory: ProcessMemory | undefined) =>
      memory
        ? [
            MiB(memory.resident),
            `${MiB(memory.wasm.resident)} (of ${MiB(memory.wasm.size)})`,
            MiB(memory.threadArenas),
            MiB(memory.v8Heap),
            MiB(memory.resident - memory.wasm.resident - memory.threadArenas - memory.v8Heap),
          ]
        : ['n/a', 'n/a', 'n/a', 'n/a', 'n/a']
    const memoryRows = [
      ['before (after warm-up and the captured submission)', ...memoryCells(before), 1],
      ...done.flatMap((round, index) => [
        [`round ${index + 1}: peak (1 s samples)`, MiB(round.peak), '', '', '', '', ''],
        [`round ${index + 1}: right after the load`, ...memoryCells(round.after), ''],
        [
          `round ${index + 1}: after ${round.idle5For.toFixed(0)} s idle`,
          ...memoryCells(round.idle5),
          '',
        ],
        [
          round.released
            ? `round ${index + 1}: idle, V8 gave back the heap the load grew (${round.idleFor.toFixed(0)} s after the load)`
            : `round ${index + 1}: idle ${round.idleFor.toFixed(0)} s, V8 had not given back its heap yet`,
          ...memoryCells(round.idle),
          round.stored,
        ],
      ]),
    ]
    const notComparable = 'not comparable (V8 kept its load-sized heap)'
    const growthRows = growth.map((g, index) =>
      g
        ? [
            `round ${index + 1}`,
            `**${MiBChange(g.total)}**`,
            `${MiBChange(g.wasm)} (size ${MiBChange(g.wasmSize)})`,
            MiBChange(g.threadArenas),
            g.v8Heap === undefined ? notComparable : MiBChange(g.v8Heap),
            MiBChange(g.other),
            g.stored,
            g.stored > 0 ? kB(g.total / g.stored) : '—',
            g.stored > 0 ? `${Math.round(g.wasm / g.stored)} B` : '—',
          ]
        : [`round ${index + 1}`, 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a', 'n/a'],
    )
    const sum = (pick: (g: NonNullable<(typeof growth)[number]>) => number) =>
      growth.reduce((total, g) => total + (g ? pick(g) : 0), 0)
    const storedInAll = Math.max(
      1,
      sum((g) => g.stored),
    )
    const whereText = `Over all rounds: PGlite's WebAssembly memory ${MiBChange(sum((g) => g.wasm))} (its size ${MiBChange(sum((g) => g.wasmSize))}; ${Math.round(sum((g) => g.wasm) / storedInAll)} B per stored message), the helper threads' malloc arenas ${MiBChange(sum((g) => g.threadArenas))}, V8's heap ${MiBChange(sum((g) => g.v8Heap ?? 0))} where comparable, the rest ${MiBChange(sum((g) => g.other))}.`
    const verdict = !measured
      ? 'Verdict: memory could not be read (the server process was gone).'
      : rounds < 2
        ? `Verdict: none — one round (${MiBChange(firstGrowth)}) cannot tell a cache from a leak; run with \`--rounds=2\` or more.`
        : `${
            plateau
              ? `Verdict: **plateau, no leak.** Growth per round: ${roundsText(totals)}${firstGrowth > floor ? ` (round 2: ${share(laterGrowth[0] ?? Number.NaN)} of round 1's)` : ''}; the last round added no more than ${MiB(floor)} (V8's heap ${MiBChange(lastV8?.v8Heap ?? Number.NaN)} in round ${growth.lastIndexOf(lastV8) + 1}). Growth that dies out is a heap, a cache or an allocator's high-water mark reaching the load's working set, kept for the next burst; a leak would add about as much again every round.`
              : !v8Known
                ? `Verdict: **none** (${roundsText(totals)}): V8 did not give back the heap the load grew after two rounds in a row, so its part cannot be compared; run again.`
                : `Verdict: **still growing** (${roundsText(totals)}; V8's heap ${MiBChange(lastV8?.v8Heap ?? Number.NaN)} in round ${growth.lastIndexOf(lastV8) + 1}): a leak, or a high-water mark not reached yet (run with \`--rounds=5\` to tell).`
          } ${whereText}`

    // What an idle server keeps: the last round after which V8 gave its load-sized heap back.
    const lastReleased = [...done].reverse().find((round) => round.released)
    const idleText = `Idle: ${done
      .map((round, index) =>
        round.released && round.after && round.idle
          ? `after round ${index + 1} V8 gave back the heap the load grew within ${round.idleFor.toFixed(0)} s (VmRSS ${MiB(round.after.resident)} → ${MiB(round.idle.resident)})`
          : `after round ${index + 1} not within ${round.idleFor.toFixed(0)} s (its memory reducer picks the moment)`,
      )
      .join('; ')}.${
      lastReleased?.idle && before
        ? ` Kept then above "before": ${MiBChange(lastReleased.idle.resident - before.resident)}, of which the helper threads' malloc arenas ${MiBChange(lastReleased.idle.threadArenas - before.threadArenas)} (freed memory the allocator keeps for reuse) and PGlite's WebAssembly memory ${MiBChange(lastReleased.idle.wasm.resident - before.wasm.resident)}.`
        : ''
    }`

    const contactRows: [string, (round: Round, index: number) => number, number][] = [
      [
        'submissions sent by the load (built; the last ones may be cut off by the end of the round)',
        (round) => round.built,
        submissionsBuilt,
      ],
      ['answered', answeredOf, done.reduce((sum, round) => sum + answeredOf(round), 0)],
      ['accepted (`{ ok: true }`)', (round) => round.accepted.size, acceptedSoFar.size],
      [
        'in flight when the round stopped (no answer recorded)',
        (round) => Math.max(0, round.built - answeredOf(round)),
        Math.max(0, submissionsBuilt - done.reduce((sum, round) => sum + answeredOf(round), 0)),
      ],
      [
        'stored by the server (inbox snapshot total; "all" minus the captured one)',
        (round, index) => round.stored - storedBefore(index),
        storedOfLoad,
      ],
      [
        'notifications written (.eml in the outbox; "all" includes the captured one)',
        (round, index) =>
          round.notifications - (index === 0 ? 1 : (done[index - 1] as Round).notifications),
        last.notifications,
      ],
    ]

    const body = [
      `autocannon, ${rounds} identical round${rounds > 1 ? 's' : ''} of ${connections} connections × ${durationSeconds} s against one server process (idle after each until V8 gives back the heap the load grew, at most ${maxIdleSeconds} s), loopback (127.0.0.1), production server with TRUST_PROXY=true and the hCaptcha verifier stand-in on 127.0.0.1 (HCAPTCHA_VERIFY_URL). Every connection cycles through ${requestCount} requests: ${pageMix.length} pages (\`${pageMix.map(([, path]) => path).join('`, `')}\`) and 2 contact submissions.`,
      `Submissions replay the browser's own server-function call, captured from the form in Chromium: \`POST ${contact.path}\` (\`sendContactMessage\`), seroval-encoded JSON, with the browser's Origin, Referer and \`x-tsr-serverfn\` headers; each carries a fresh captcha token (accepted once) and its own X-Forwarded-For, so the per-client rate limit (5 a minute) never applies.`,
      '',
      'Checks (all rounds):',
      '',
      table(
        ['check', 'result', 'budget', ''],
        checks.map(([what, value, budget, pass]) => [what, value, budget, mark(pass)]),
      ),
      '',
      '### Server memory over the rounds',
      '',
      "VmRSS from /proc/<pid>/status, split with /proc/<pid>/smaps (nothing is asked of the server process): PGlite runs Postgres in WebAssembly (its linear memory never shrinks; resident of the size so far); glibc keeps a 64 MiB-aligned arena per helper thread (libuv's pool: zlib and brotli streams, file calls; V8's helpers), a high-water mark; V8's heap pages hold the load's garbage until V8 collects it and gives pages back when idle (its memory reducer: 10-20 s after a round, or later); the rest is the main thread's malloc heap, code and mapped files.",
      '',
      table(
        [
          'when',
          'VmRSS',
          'PGlite WebAssembly memory',
          "helper threads' malloc arenas",
          'V8 heap pages',
          "rest (main thread's malloc, code, files)",
          'messages stored',
        ],
        memoryRows,
      ),
      '',
      table(
        [
          'growth per round (idle to idle)',
          'VmRSS',
          'PGlite WebAssembly memory',
          "helper threads' malloc arenas",
          'V8 heap pages',
          'rest',
          'messages stored in the round',
          'VmRSS growth per stored message',
          'WebAssembly growth per stored message',
        ],
        growthRows,
      ),
      '',
      verdict,
      '',
      idleText,
      '',
      ...done.flatMap((round, index) => [
        `Round ${index + 1} (${round.result.duration.toFixed(1)} s):`,
        '',
        kindTable(round),
        '',
      ]),
      `Over time (${windowSeconds} s windows, by when the answer arrived):`,
      '',
      table(
        [
          'round',
          'window',
          'answers/s',
          'pages p50',
          'pages p99',
          'submissions/s',
          'submissions p50',
          'submissions p99',
        ],
        windowRows,
      ),
      '',
      table(
        ['contact messages', ...done.map((_, index) => `round ${index + 1}`), 'all'],
        contactRows.map(([what, perRound, all]) => [
          what,
          ...done.map((round, index) => perRound(round, index)),
          all,
        ]),
      ),
      '',
      serverLog.length === 0
        ? 'Server stderr during the load: nothing.'
        : [
            'Server stderr during the load, all rounds (first line of each entry, stack frames left out):',
            '',
            ...serverLog.map(([line, count]) => `- ${count} × \`${line.replaceAll('`', "'")}\``),
          ].join('\n'),
      ...(missingNames.length > 0
        ? ['', `Missing from the inbox: ${missingNames.slice(0, 20).join(', ')}`]
        : []),
    ].join('\n')
    console.log(body)
    writeSection('Load (issue 7)', body)
    // Figures are written either way; a failed check fails the bench (issue 7: must be zero).
    if (checks.some(([, , , pass]) => !pass)) process.exitCode = 1
  } finally {
    await server.stop()
    await verifier.close()
  }
}

if (import.meta.main) await main()
