/**
 * Where a page's start-up time goes on the phone (decision 047): a CPU profile (DevTools'
 * `Profiler` domain, 100 µs sampling) of the load at Lighthouse's phone (4× CPU, slow 4G), from
 * navigation to 3 s after the load event, summed by script and by function (self time), over a few
 * fresh Chromiums. A diagnostic, not a budget: the profiler itself slows the scripts (decision 024),
 * so read the shares, not the absolute figures.
 *
 *   npm run build && ./node_modules/.bin/node bench/start-profile.ts [--visits=N] [routes…]
 */
import { loadAndSettle, withPhonePage } from './blocking-time.ts'
import { positionalArgs, startServer } from './lib/server.ts'

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const visitsArg = process.argv.find((arg) => arg.startsWith('--visits='))
const visits = visitsArg ? Number(visitsArg.slice('--visits='.length)) : 2
const routes = positionalArgs().length > 0 ? positionalArgs() : ['/']

function profileOnce(url: string): Promise<Profile> {
  return withPhonePage({ throttleCpu: true }, async (page) => {
    await page.send('Profiler.enable')
    await page.send('Profiler.setSamplingInterval', { interval: 100 })
    await page.send('Profiler.start')
    await loadAndSettle(page, url)
    return ((await page.send('Profiler.stop')) as { profile: Profile }).profile
  })
}

/** Self time per node id, in ms, from the samples and their time deltas. */
function selfTimes(profile: Profile) {
  const times = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    times.set(id, (times.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000)
  })
  return times
}

const server = await startServer({}, { quietStderr: true })
try {
  for (const route of routes) {
    const byScript = new Map<string, number>()
    const byFunction = new Map<string, number>()
    for (let i = 0; i < visits; i++) {
      const profile = await profileOnce(`${server.origin}${route}`)
      const self = selfTimes(profile)
      for (const node of profile.nodes) {
        const ms = (self.get(node.id) ?? 0) / visits
        if (ms === 0) continue
        const { functionName, url, lineNumber } = node.callFrame
        const script = url ? url.replace(server.origin, '') : `(${functionName || 'native'})`
        byScript.set(script, (byScript.get(script) ?? 0) + ms)
        const name = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`
        byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
      }
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([name, ms]) => `  ${ms.toFixed(0).padStart(5)} ms  ${name}`)
        .join('\n')
    console.log(
      `${route}: self time per visit (mean of ${visits}), by script\n${top(byScript, 15)}`,
    )
    console.log(`by function\n${top(byFunction, 30)}`)
  }
} finally {
  await server.stop()
}
