/**
 * The start-up guard (issue 54, decision 047), the last stage of `npm run test:full`: fails when
 * a page's main-thread blocking on a slow phone rises more than 50 ms over its no-JavaScript
 * ceiling's, measured in the same run.
 *
 * No test fails only on time, and this one runs on a 2-core machine that four people share, so it
 * judges CPU time, not wall time: each visit (`bench/blocking-time.ts`'s, with `cpuTime`) loads the
 * page in a fresh Chromium on Lighthouse's phone (its user agent, screen and slow 4G) at the host's
 * own CPU speed, reads each main-thread task's thread CPU time from a light trace and multiplies
 * it by the phone's 4× slowdown; blocking is TBT's sum over those tasks (each task's part after
 * first contentful paint, less 50 ms). Another process on the same core lengthens a task's wall
 * time, not the time its thread ran. (Chromium's own CPU throttle cannot be used: it holds the
 * thread in a busy wait, so the thread's CPU time grows with it.)
 *
 * Ours and the ceiling are visited back to back, their order turned every round, and a page is
 * judged on the median of its round-by-round differences. A page over the budget after the first
 * 3 rounds gets more, up to 9, and is judged again on all of them: only a difference that stays
 * fails. Before the first round the guard waits (at most 3 minutes) for the machine's 1-minute
 * load average to fall under twice its cores, and prints the load beside every round.
 *
 *   npm run build && npm run test:blocking [-- routes…] [--wall]
 *
 * `--wall`: the wall-time measure instead (Chromium's 4× CPU throttle, the browser's own long
 * tasks), what a phone's visitor sees, but only meaningful on a quiet machine; never in a tier.
 */
import { cpus, loadavg } from 'node:os'
import { visit } from './blocking-time.ts'
import { startNoJsProxy } from './lib/no-js-proxy.ts'
import { loadAverage, median } from './lib/results.ts'
import { positionalArgs, startServer } from './lib/server.ts'

const routes =
  positionalArgs().length > 0
    ? positionalArgs()
    : ['/', '/gallery', '/services/kitchen-remodeling', '/contact-us']
const budgetMs = 50
const firstRounds = 3
const mostRounds = 9
const wall = process.argv.includes('--wall')
const settleLoad = cpus().length * 2
const settleWithinMs = 180_000

/** Waits, at most `settleWithinMs`, for the 1-minute load average to fall under `settleLoad`. */
async function settle() {
  const started = Date.now()
  while ((loadavg()[0] ?? 0) >= settleLoad && Date.now() - started < settleWithinMs) {
    console.log(`load average ${loadAverage()}: waiting for it to fall under ${settleLoad}…`)
    await new Promise((resolve) => setTimeout(resolve, 15_000))
  }
}

const blockingOf = (measured: Awaited<ReturnType<typeof visit>>) =>
  wall ? measured.blocking : (measured.cpu?.afterPaint ?? Number.NaN)

await settle()
const server = await startServer({}, { quietStderr: true })
const proxy = await startNoJsProxy(server.origin)
const differences = new Map<string, number[]>(routes.map((route) => [route, []]))
/** Main-thread CPU × 4, ours ÷ the ceiling's, round by round: shown, not budgeted. */
const workRatios = new Map<string, number[]>(routes.map((route) => [route, []]))
const overBudget = (route: string) => median(differences.get(route) ?? []) > budgetMs
try {
  // The server loads each route's code on first use: one request each before measuring.
  for (const route of routes) await (await fetch(`${proxy.origin}${route}`)).arrayBuffer()
  for (let round = 0; round < mostRounds; round++) {
    const pending = round < firstRounds ? routes : routes.filter(overBudget)
    if (pending.length === 0) break
    for (const route of pending) {
      const origins = [server.origin, proxy.origin]
      if (round % 2 === 1) origins.reverse()
      const [first, second] = [
        await visit(`${origins[0]}${route}`, false, { cpuTime: !wall }),
        await visit(`${origins[1]}${route}`, false, { cpuTime: !wall }),
      ]
      const [ours, ceiling] = origins[0] === server.origin ? [first, second] : [second, first]
      differences.get(route)?.push(blockingOf(ours) - blockingOf(ceiling))
      if (ours.cpu && ceiling.cpu) workRatios.get(route)?.push(ours.cpu.work / ceiling.cpu.work)
      const work = (visited: typeof ours) =>
        visited.cpu ? `, main-thread CPU ×4 ${Math.round(visited.cpu.work)} ms` : ''
      console.log(
        `round ${round + 1} ${route}: ours ${Math.round(blockingOf(ours))} ms${work(ours)}; ceiling ${Math.round(blockingOf(ceiling))} ms${work(ceiling)} (load ${loadAverage()})`,
      )
    }
  }
} finally {
  await proxy.close()
  await server.stop()
}

const failed = routes.filter(overBudget)
console.log(
  wall
    ? 'Blocking from wall time at a 4× CPU throttle (--wall):'
    : 'Blocking from thread CPU time × 4, after first contentful paint:',
)
for (const route of routes) {
  const values = differences.get(route) ?? []
  const ratios = workRatios.get(route) ?? []
  const work =
    ratios.length > 0
      ? `; main-thread CPU ${median(ratios).toFixed(2)}× the ceiling's (${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`
      : ''
  console.log(
    `${route}: ours − ceiling ${Math.round(median(values))} ms (median of ${values.length} rounds; ${values.map(Math.round).join(', ')}) ${overBudget(route) ? `over the ${budgetMs} ms budget` : 'within budget'}${work}`,
  )
}
console.log(`load average ${loadAverage()}`)
if (failed.length > 0) {
  console.error(
    `Start-up blocking more than ${budgetMs} ms over the no-JavaScript page on ${failed.join(', ')}: see decision 047 to find what runs in the long tasks.`,
  )
  process.exitCode = 1
}
