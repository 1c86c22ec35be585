/**
 * Sends field-vitals beacons at a steady rate while switched on, as browsers would (one POST
 * each, a few hundred bytes, a desktop Chrome user agent), from `addresses` different clients
 * named in X-Forwarded-For (the server runs with TRUST_PROXY=true), so each stays within the
 * per-address limit, with the fetch metadata a browser sends. Its own process, so its work does not share the measuring client's thread;
 * it stays up between windows, so starting it costs nothing during a measurement.
 *
 *   node bench/lib/beacon-sender.ts <origin> <per-second> <addresses>
 *
 * Reads lines on stdin: `on` (start sending; answers `sending`), `off` (stop; answers `idle`
 * once every beacon sent has its answer), `stop` (prints one JSON line: how many were sent,
 * answered by status, latency percentiles, the longest stretch sent without a pause; then exits).
 */
import { Agent, request } from 'node:http'
import { createInterface } from 'node:readline'

const [origin = '', perSecondText = '200', addressesText = '500'] = process.argv.slice(2)
const perSecond = Number(perSecondText)
const addresses = Number(addressesText)
const url = new URL('/api/vitals', origin)
const agent = new Agent({ keepAlive: true, maxSockets: 16 })
const userAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
const routes = [
  '/',
  '/faq',
  '/gallery',
  '/services/$serviceId',
  '/areas-of-service/$locationService',
]

const statuses: Record<string, number> = {}
const latencies: number[] = []
let sent = 0
let longestOnSeconds = 0

function beacon(n: number): string {
  return JSON.stringify({
    route: routes[n % routes.length],
    nav: n % 3 === 0 ? 'client' : 'load',
    device: (['phone', 'tablet', 'desktop'] as const)[n % 3],
    conn: '4g',
    view: true,
    ...(n % 3 === 0
      ? { tel: n % 7 === 0 ? 1 : 0 }
      : {
          lcp: 1200 + (n % 40) * 50,
          inp: 80 + (n % 30) * 10,
          cls: (n % 10) / 100,
          fcp: 800 + (n % 20) * 20,
          ttfb: 90 + (n % 10) * 10,
          inpTarget: 'main > section > a[href="/contact-us"]',
          early: n % 11 === 0 ? 1 : 0,
        }),
  })
}

function send(n: number): Promise<void> {
  const body = beacon(n)
  const started = performance.now()
  return new Promise((done) => {
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'content-length': Buffer.byteLength(body),
          'user-agent': userAgent,
          // What Chromium's sendBeacon sends from one of the site's pages (else 403, not counted).
          origin: url.origin,
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'no-cors',
          'sec-fetch-dest': 'empty',
          'x-forwarded-for': `198.51.${Math.floor((n % addresses) / 250)}.${(n % addresses) % 250}`,
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => {
          latencies.push(performance.now() - started)
          const key = String(response.statusCode)
          statuses[key] = (statuses[key] ?? 0) + 1
          done()
        })
      },
    )
    outgoing.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1
      done()
    })
    outgoing.end(body)
  })
}

const inFlight = new Set<Promise<void>>()
let timer: NodeJS.Timeout | undefined
let onSince = 0

function switchOn() {
  if (timer) return
  onSince = performance.now()
  let sentThisStretch = 0
  // Every 10 ms, as many as the schedule says are due by now: a steady rate, not bursts.
  timer = setInterval(() => {
    const due = Math.floor(((performance.now() - onSince) / 1000) * perSecond)
    while (sentThisStretch < due) {
      sentThisStretch++
      const pending = send(sent++)
      inFlight.add(pending)
      void pending.then(() => inFlight.delete(pending))
    }
  }, 10)
}

async function switchOff() {
  if (timer) {
    clearInterval(timer)
    timer = undefined
    longestOnSeconds = Math.max(longestOnSeconds, (performance.now() - onSince) / 1000)
  }
  await Promise.all(inFlight)
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'on') {
    switchOn()
    console.log('sending')
  } else if (line === 'off') {
    await switchOff()
    console.log('idle')
  } else if (line === 'stop') {
    await switchOff()
    latencies.sort((a, b) => a - b)
    console.log(
      JSON.stringify({
        sent,
        statuses,
        p50: at(latencies, 0.5),
        p99: at(latencies, 0.99),
        max: latencies.at(-1) ?? 0,
        longestOnSeconds,
      }),
    )
    agent.destroy()
    process.exit(0)
  }
}
