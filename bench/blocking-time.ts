/**
 * Main-thread blocking on a slow phone as a visitor's browser has it, without DevTools' own cost
 * (issue 21, decision 024). Lighthouse and Playwright attach DevTools with the V8 inspector on
 * (`Runtime`, `Debugger`, async stacks) and, for Lighthouse, a trace of every task: both slow our
 * scripts and not the no-JavaScript ceiling's, which has none. This bench drives Chromium over
 * its DevTools protocol directly with only `Page`, `Network` and `Emulation` (none of which
 * starts the inspector), so each page runs its scripts as it does for a visitor, and reads the
 * browser's own `longtask` and long-animation-frame entries back.
 *
 * Each page beside its no-JavaScript ceiling (`lib/no-js-proxy.ts`), and ours once more with
 * DevTools set up as Lighthouse sets it up (`Runtime` and `Debugger` enabled, async stacks 8 deep,
 * a trace with Lighthouse's categories): that row is what the inspector adds. Every visit a fresh
 * Chromium at Lighthouse's applied-throttling phone (412 × 823, slow 4G: 562.5 ms, 1.47 Mbit/s;
 * 4× CPU slowdown), in rounds, the order turned every round. Blocking time is TBT's sum (each
 * long task's time over 50 ms) from first paint until 3 s after the load event.
 *
 *   flock /tmp/site-build.lock npm run build
 *   ./node_modules/.bin/node bench/blocking-time.ts --no-build [--visits=N] [routes…]
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromePath, headlessChromeFlags } from './lib/chromium.ts'
import { startNoJsProxy } from './lib/no-js-proxy.ts'
import { loadAverage, mark, median, table, writeSection } from './lib/results.ts'
import { build, positionalArgs, skipBuild, startServer } from './lib/server.ts'

const defaultRoutes = ['/', '/gallery', '/services/kitchen-remodeling', '/faq']
const visitsArg = process.argv.find((arg) => arg.startsWith('--visits='))
const visits = visitsArg ? Number(visitsArg.slice('--visits='.length)) : 5
if (!Number.isInteger(visits) || visits < 1) {
  throw new Error(`--visits=N takes a whole number of visits from 1, not ${visitsArg}`)
}
/** Issue 21's budget, here on the figure a visitor's browser has: the ceiling's + 100 ms. */
const blockingBudgetMs = 100

type Variant = 'ours' | 'ceiling' | 'inspected'
const variantLabel: Record<Variant, string> = {
  ours: 'ours',
  ceiling: 'no-JS ceiling',
  inspected: 'ours, DevTools as Lighthouse attaches it',
}
type Visit = { blocking: number; longest: number; firstPaint: number; appStart: number }

/** Lighthouse 13's trace categories (`core/gather/gatherers/trace.js`). */
const lighthouseTraceCategories = [
  '-*',
  'disabled-by-default-lighthouse',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink.console',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.screenshot',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
  'latencyInfo',
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-devtools.v8-source-rundown',
  'blink.webdx_feature_usage',
]

/** Records long tasks from the document's start (the entries are not all buffered otherwise). */
const observeLongTasks = `window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration])
}).observe({ type: 'longtask', buffered: true })`

/** Read back once the page has settled: blocking after first paint, and the app's start. */
const readBack = `(() => {
  const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN
  const tasks = window.__longTasks.filter(([start]) => start >= firstPaint)
  const appStart = performance.getEntriesByType('long-animation-frame')
    .flatMap((frame) => frame.scripts)
    .filter((script) => script.invokerType === 'module-script')
    .reduce((sum, script) => sum + script.duration, 0)
  return JSON.stringify({
    firstPaint,
    blocking: tasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
    longest: Math.max(0, ...tasks.map(([, duration]) => duration)),
    appStart,
  })
})()`

type Send = (method: string, params?: Record<string, unknown>) => Promise<unknown>
type Session = { send: Send; nextEvent: (method: string) => Promise<void>; close: () => void }

/**
 * A page session over Chromium's DevTools protocol, by hand: Playwright enables `Runtime` on
 * every page it drives, which is the cost this bench leaves out. Can go when Playwright can
 * attach without it.
 */
async function openPage(chrome: ChildProcess): Promise<Session> {
  const browserUrl = await new Promise<string>((resolve, reject) => {
    let stderr = ''
    chrome.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(stderr)
      if (match?.[1]) resolve(match[1])
    })
    chrome.once('exit', () => reject(new Error(`Chromium exited before listening:\n${stderr}`)))
  })
  const { host } = new URL(browserUrl)
  const targets = (await (await fetch(`http://${host}/json/list`)).json()) as {
    type: string
    webSocketDebuggerUrl: string
  }[]
  const target = targets.find((candidate) => candidate.type === 'page')
  if (!target) throw new Error('Chromium opened no page')
  const socket = new WebSocket(target.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true })
    socket.addEventListener('error', reject, { once: true })
  })
  let lastId = 0
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>()
  const waiting = new Map<string, () => void>()
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number
      method?: string
      result?: unknown
      error?: unknown
    }
    if (message.id !== undefined) pending.get(message.id)?.(message)
    else if (message.method) waiting.get(message.method)?.()
  })
  const nextEvent = (method: string) => new Promise<void>((resolve) => waiting.set(method, resolve))
  const send: Send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++lastId
      pending.set(id, (message) => {
        pending.delete(id)
        if (message.error) reject(new Error(`${method}: ${JSON.stringify(message.error)}`))
        else resolve(message.result)
      })
      socket.send(JSON.stringify({ id, method, params }))
    })
  return { send, nextEvent, close: () => socket.close() }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function visit(url: string, inspected: boolean): Promise<Visit> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-blocking-'))
  const chrome = spawn(
    chromePath,
    [
      ...headlessChromeFlags,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  try {
    const page = await openPage(chrome)
    const { send } = page
    await send('Page.enable')
    await send('Network.enable')
    await send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
      uploadThroughput: (750 * 1024 * 0.9) / 8,
    })
    await send('Emulation.setDeviceMetricsOverride', {
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      mobile: true,
    })
    await send('Emulation.setTouchEmulationEnabled', { enabled: true })
    await send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await send('Page.addScriptToEvaluateOnNewDocument', { source: observeLongTasks })
    if (inspected) {
      await send('Runtime.enable')
      await send('Debugger.enable')
      await send('Debugger.setSkipAllPauses', { skip: true })
      await send('Debugger.setAsyncCallStackDepth', { maxDepth: 8 })
      await send('Tracing.start', {
        categories: lighthouseTraceCategories.join(','),
        transferMode: 'ReturnAsStream',
      })
    }
    // Nothing is evaluated in the page until it has settled: only the load event is awaited.
    const loaded = page.nextEvent('Page.loadEventFired')
    await send('Page.navigate', { url })
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      loaded,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${url} did not load within 60 s`)), 60_000)
      }),
    ]).finally(() => clearTimeout(timer))
    await pause(3000)
    const { result: readBackResult } = (await send('Runtime.evaluate', {
      expression: readBack,
      returnByValue: true,
    })) as { result: { value: string } }
    const result = JSON.parse(readBackResult.value) as Visit
    page.close()
    return result
  } finally {
    chrome.kill()
    await new Promise((resolve) =>
      chrome.exitCode === null ? chrome.once('exit', resolve) : resolve(null),
    )
    rmSync(profile, { recursive: true, force: true })
  }
}

const ms = (value: number) => `${Math.round(value)} ms`
const spread = (values: number[]) =>
  `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`

async function main() {
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath} (set CHROMIUM_PATH)`)
  if (!skipBuild()) build()
  const routes = positionalArgs().length > 0 ? positionalArgs() : defaultRoutes
  const server = await startServer({}, { quietStderr: true })
  const proxy = await startNoJsProxy(server.origin)
  const origins: Record<Variant, string> = {
    ours: server.origin,
    ceiling: proxy.origin,
    inspected: server.origin,
  }
  const order: Variant[] = ['ours', 'ceiling', 'inspected']
  const results = new Map<string, Record<Variant, Visit[]>>(
    routes.map((route) => [route, { ours: [], ceiling: [], inspected: [] }]),
  )
  const loads = [loadAverage()]
  try {
    // The server loads each route's code on first use: one request each before measuring.
    for (const route of routes) await (await fetch(`${server.origin}${route}`)).arrayBuffer()
    for (let round = 0; round < visits; round++) {
      const roundOrder = order.map((_, i) => order[(i + round) % order.length] as Variant)
      for (const route of routes) {
        for (const variant of roundOrder) {
          const measured = await visit(`${origins[variant]}${route}`, variant === 'inspected')
          results.get(route)?.[variant].push(measured)
          console.log(`round ${round + 1} ${route} ${variant} ${JSON.stringify(measured)}`)
        }
      }
    }
  } finally {
    await proxy.close()
    await server.stop()
  }
  loads.push(loadAverage())
  let allMet = true
  const rows = routes.flatMap((route) => {
    const byVariant = results.get(route) as Record<Variant, Visit[]>
    const difference = median(
      byVariant.ours.map((run, i) => run.blocking - (byVariant.ceiling[i]?.blocking ?? 0)),
    )
    const met = difference <= blockingBudgetMs
    allMet &&= met
    return order.map((variant, i) => {
      const runs = byVariant[variant]
      return [
        i === 0 ? `\`${route}\`` : '',
        variantLabel[variant],
        spread(runs.map((run) => run.blocking)),
        spread(runs.map((run) => run.longest)),
        variant === 'ceiling' ? '—' : spread(runs.map((run) => run.appStart)),
        spread(runs.map((run) => run.firstPaint)),
        variant === 'ours' ? `+${ms(difference)} ${mark(met)}` : '',
      ]
    })
  })
  const body = [
    `${visits} visits per page and variant, in rounds (every page, the three variants back to back, their order turned every round); each a fresh headless Chromium at 412 × 823, slow 4G (562.5 ms, 1.47 Mbit/s) and 4× CPU slowdown, driven over the DevTools protocol with only Page, Network and Emulation enabled. Load average (1 / 5 / 15 min) before ${loads[0]}, after ${loads[1]}.`,
    `Blocking: the sum of each long task's time over 50 ms, from first paint to 3 s after the load event (TBT's sum, read from the browser's own \`longtask\` entries). App start: the module scripts' time in long animation frames. Medians (min–max). Budget: ours at most the ceiling's + ${blockingBudgetMs} ms, the median of the round-by-round differences. The third row is ours with DevTools attached as Lighthouse attaches it (inspector on, async stacks, its trace): the cost Lighthouse's own figures carry and a visitor's browser does not.`,
    '',
    table(
      ['page', 'variant', 'blocking', 'longest task', 'app start', 'first paint', 'ours − ceiling'],
      rows,
    ),
  ].join('\n')
  console.log(body)
  writeSection('Main-thread blocking without DevTools, slow phone', body)
  if (!allMet) process.exitCode = 1
}

if (import.meta.main) await main()
