/**
 * Load held (issue 7): 50 connections for 30 s over a mix of pages and real contact-form
 * submissions, against the production server on 127.0.0.1 with the hCaptcha verifier stand-in
 * on 127.0.0.1. Zero errors, latency and throughput per kind, server memory before and after,
 * and every accepted message stored (nothing lost).
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/load.ts [--no-build]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon, { type AutocannonRequest } from 'autocannon'
import { startCaptchaStandIn, testSecret } from '../test/contact/captcha-stand-in.ts'
import { captureContactRequest, isOkAnswer } from './lib/contact-request.ts'
import { MiB, mark, percentile, table, writeSection } from './lib/results.ts'
import { build, residentBytes, skipBuild, startServer } from './lib/server.ts'

const connections = 50
const durationSeconds = 30

const pageHeaders = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-CA,en;q=0.9',
  'user-agent': 'maple-hearth-bench (autocannon)',
}

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
    for (let round = 0; round < 3; round++) {
      for (const [, path] of pageMix) {
        const response = await fetch(`${server.origin}${path}`, { headers: pageHeaders })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`warm-up: ${path} answered ${response.status}`)
      }
    }
    await sleep(1000)
    const rssBefore = residentBytes(pid)
    const stderrBefore = server.stderr()

    // 3. The load.
    const stats = new Map<Kind, KindStats>()
    const statsOf = (kind: Kind) => {
      let entry = stats.get(kind)
      if (!entry) {
        entry = { latencies: [], statuses: new Map(), refused: 0 }
        stats.set(kind, entry)
      }
      return entry
    }
    let lastKind: Kind | undefined
    const accepted = new Set<string>()
    let submissionsBuilt = 0
    // Called just before autocannon's 'response' event for the same answer (same tick); the
    // context is the connection's own, and a connection has one request in flight.
    const onResponseOf =
      (kind: Kind) => (status: number, body: string, context: RequestContext) => {
        lastKind = kind
        const entry = statsOf(kind)
        entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1)
        if (kind === 'contact submission' && status === 200) {
          if (!isOkAnswer(body)) entry.refused += 1
          else if (context.submission !== undefined) accepted.add(nameFor(context.submission))
        }
      }
    const submission = {
      method: 'POST' as const,
      path: contact.path,
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
    const requests = [
      ...pageMix
        .slice(0, 5)
        .map(([kind, path]) => ({ method: 'GET' as const, path, onResponse: onResponseOf(kind) })),
      submission,
      ...pageMix
        .slice(5)
        .map(([kind, path]) => ({ method: 'GET' as const, path, onResponse: onResponseOf(kind) })),
      submission,
    ]
    const errorCodes = new Map<string, number>()
    let rssPeak = rssBefore ?? 0
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, residentBytes(pid) ?? 0)
    }, 1000)
    // Every answer in time order, to see whether the server holds up or degrades over the run.
    const timeline: { at: number; submission: boolean; latency: number }[] = []
    const loadStarted = performance.now()
    console.log(`  ${connections} connections for ${durationSeconds} s …`)
    const instance = autocannon({
      url: server.origin,
      connections,
      duration: durationSeconds,
      headers: pageHeaders,
      requests,
    })
    instance.on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
        if (lastKind) {
          statsOf(lastKind).latencies.push(responseTime)
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
    clearInterval(sampler)
    const rssAfter = residentBytes(pid)

    // 4. Every accepted message stored? The server rewrites its inbox snapshot (debounced) after
    //    each change: wait until it holds at least the accepted ones and stops changing (≤ 20 s).
    const expectedAtLeast = accepted.size + 1 // + the captured submission
    let inbox = readInbox(server.dataDir)
    let stableSince = Date.now()
    for (const started = Date.now(); Date.now() - started < 20_000; ) {
      await sleep(250)
      const next = readInbox(server.dataDir)
      if (next?.total !== inbox?.total) stableSince = Date.now()
      inbox = next
      if ((inbox?.total ?? 0) >= expectedAtLeast && Date.now() - stableSince >= 1500) break
    }
    await sleep(Math.max(0, 5000 - 1500))
    const rssIdle = residentBytes(pid)
    const stderrAfter = server.stderr()
    const stderrDuring = stderrAfter.startsWith(stderrBefore)
      ? stderrAfter.slice(stderrBefore.length)
      : stderrAfter
    const serverLog = summariseLog(stderrDuring)
    const outboxDir = join(server.dataDir, 'outbox')
    const notifications = existsSync(outboxDir)
      ? readdirSync(outboxDir).filter((file) => file.endsWith('.eml')).length
      : 0

    // 5. Figures.
    const seconds = result.duration
    const kinds = [...new Set([...pageMix.map(([kind]) => kind), 'contact submission' as Kind])]
    const allStatuses = new Map<number, number>()
    for (const entry of stats.values())
      for (const [status, count] of entry.statuses)
        allStatuses.set(status, (allStatuses.get(status) ?? 0) + count)
    const non2xx = [...allStatuses].filter(([status]) => status < 200 || status >= 300)
    const non2xxText = (statuses: Map<number, number>) => {
      const bad = [...statuses].filter(([status]) => status < 200 || status >= 300)
      return bad.length === 0
        ? '0'
        : bad.map(([status, count]) => `${count} × ${status}`).join(', ')
    }
    const rows = kinds.map((kind) => {
      const entry = statsOf(kind)
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
    const everything = [...stats.values()].flatMap((entry) => entry.latencies)
    rows.push([
      '**all**',
      everything.length,
      (everything.length / seconds).toFixed(1),
      ms(percentile(everything, 50)),
      ms(percentile(everything, 99)),
      non2xxText(allStatuses),
      statsOf('contact submission').refused,
    ])

    const windowSeconds = 5
    // Whole windows; answers after the last boundary (the run's final moments) join the last one.
    const windowCount = Math.max(1, Math.floor(seconds / windowSeconds))
    const windowRows = Array.from({ length: windowCount }, (_, i) => {
      const from = i * windowSeconds * 1000
      const to = i === windowCount - 1 ? Number.POSITIVE_INFINITY : from + windowSeconds * 1000
      const inWindow = timeline.filter((e) => e.at >= from && e.at < to)
      const pages = inWindow.filter((e) => !e.submission).map((e) => e.latency)
      const submissions = inWindow.filter((e) => e.submission).map((e) => e.latency)
      const span = i === windowCount - 1 ? seconds - i * windowSeconds : windowSeconds
      return [
        `${i * windowSeconds}–${i === windowCount - 1 ? seconds.toFixed(0) : (i + 1) * windowSeconds} s`,
        (inWindow.length / span).toFixed(1),
        ms(percentile(pages, 50)),
        ms(percentile(pages, 99)),
        (submissions.length / span).toFixed(1),
        ms(percentile(submissions, 50)),
        ms(percentile(submissions, 99)),
      ]
    })

    const errors = result.errors // timeouts included
    const refused = statsOf('contact submission').refused
    const stored = inbox?.total ?? 0
    const storedOfLoad = stored - 1
    const answeredSubmissions = statsOf('contact submission').latencies.length
    const unanswered = Math.max(0, submissionsBuilt - answeredSubmissions)
    // The snapshot lists the newest 1000 messages; check names when it lists them all.
    const listedNames = new Set(inbox?.messages.map((m) => m.name) ?? [])
    const listsAll = inbox !== undefined && inbox.messages.length === inbox.total
    const missingNames = listsAll ? [...accepted].filter((name) => !listedNames.has(name)) : []
    const lost = listsAll ? missingNames.length : Math.max(0, accepted.size - storedOfLoad)
    const errorText =
      errors === 0
        ? '0'
        : `${errors} (of which ${result.timeouts} timeouts${errorCodes.size > 0 ? `: ${[...errorCodes].map(([code, n]) => `${n} × ${code}`).join(', ')}` : ''})`

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
        `${lost}${listsAll ? ' (checked by name)' : ' (checked by count: the snapshot lists the newest 1000)'}`,
        '0',
        lost === 0,
      ],
    ] as const
    const body = [
      `autocannon, ${connections} connections × ${result.duration.toFixed(1)} s, loopback (127.0.0.1), production server with TRUST_PROXY=true and the hCaptcha verifier stand-in on 127.0.0.1 (HCAPTCHA_VERIFY_URL). Every connection cycles through ${requests.length} requests: ${pageMix.length} pages (\`${pageMix.map(([, path]) => path).join('`, `')}\`) and 2 contact submissions.`,
      `Submissions replay the browser's own server-function call, captured from the form in Chromium: \`POST ${contact.path}\` (\`sendContactMessage\`), seroval-encoded JSON, with the browser's Origin, Referer and \`x-tsr-serverfn\` headers; each carries a fresh captcha token (accepted once) and its own X-Forwarded-For, so the per-client rate limit (5 a minute) never applies.`,
      '',
      table(
        ['check', 'result', 'budget', ''],
        checks.map(([what, value, budget, pass]) => [what, value, budget, mark(pass)]),
      ),
      '',
      table(['kind', 'answers', 'req/s', 'p50', 'p99', 'non-2xx by status', 'refused'], rows),
      '',
      `Over time (${windowSeconds} s windows, by when the answer arrived):`,
      '',
      table(
        [
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
        ['contact messages', 'count'],
        [
          [
            'submissions sent by the load (built; the last ones may be cut off by the end of the run)',
            submissionsBuilt,
          ],
          ['answered', answeredSubmissions],
          ['accepted (`{ ok: true }`)', accepted.size],
          ['in flight when the run stopped (no answer recorded)', unanswered],
          ['stored by the server (inbox snapshot total, minus the captured one)', storedOfLoad],
          ['notifications written (.eml in the outbox, the captured one included)', notifications],
        ],
      ),
      '',
      table(
        ['server memory (VmRSS)', 'value'],
        [
          ['before (after warm-up and the captured submission)', MiB(rssBefore)],
          ['peak during the load (1 s samples)', MiB(rssPeak)],
          ['right after the load', MiB(rssAfter)],
          ['after 5 s idle', MiB(rssIdle)],
          [
            'growth (idle after − before)',
            rssBefore !== undefined && rssIdle !== undefined ? MiB(rssIdle - rssBefore) : 'n/a',
          ],
        ],
      ),
      '',
      serverLog.length === 0
        ? 'Server stderr during the load: nothing.'
        : [
            'Server stderr during the load (first line of each entry, stack frames left out):',
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
