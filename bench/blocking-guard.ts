/**
 * The start-up guard (issue 54, decision 047): fails when a page's main-thread blocking on a slow
 * phone rises more than 50 ms over its no-JavaScript ceiling's, measured in the same run. Each
 * visit is `bench/blocking-time.ts`'s: a fresh Chromium as Lighthouse's applied-throttling phone,
 * no inspector attached, TBT's sum from the browser's own long tasks. Ours and the ceiling are
 * visited back to back, their order turned every round, and a page is judged on the median of
 * its round-by-round differences, so a busy machine slows both sides alike. A page over the
 * budget after the first rounds gets more rounds and is judged again on all of them: only a
 * difference that stays fails.
 *
 *   npm run build && npm run test:blocking [-- routes…]
 */
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
const mostRounds = 7

const server = await startServer({}, { quietStderr: true })
const proxy = await startNoJsProxy(server.origin)
const differences = new Map<string, number[]>(routes.map((route) => [route, []]))
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
        await visit(`${origins[0]}${route}`, false),
        await visit(`${origins[1]}${route}`, false),
      ]
      const [ours, ceiling] = origins[0] === server.origin ? [first, second] : [second, first]
      differences.get(route)?.push(ours.blocking - ceiling.blocking)
      console.log(
        `round ${round + 1} ${route}: ours ${Math.round(ours.blocking)} ms, ceiling ${Math.round(ceiling.blocking)} ms`,
      )
    }
  }
} finally {
  await proxy.close()
  await server.stop()
}

const failed = routes.filter(overBudget)
for (const route of routes) {
  const values = differences.get(route) ?? []
  console.log(
    `${route}: ours − ceiling ${Math.round(median(values))} ms (median of ${values.length} rounds; ${values.map(Math.round).join(', ')}) ${overBudget(route) ? `over the ${budgetMs} ms budget` : 'within budget'}`,
  )
}
console.log(`load average ${loadAverage()}`)
if (failed.length > 0) {
  console.error(
    `Start-up blocking more than ${budgetMs} ms over the no-JavaScript page on ${failed.join(', ')}: see decision 047 to find what runs in the long tasks.`,
  )
  process.exitCode = 1
}
