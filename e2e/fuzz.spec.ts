/**
 * Hostile HTTP input against the production server: malformed paths, query strings, headers,
 * methods and server-function calls (test/support/http-fuzz.ts), about 1,500 requests, every one
 * sent. Zero 5xx, zero hangs, no leak in any answer, and the server still serves pages.
 *
 * The seed is printed; FUZZ_SEED=<seed> npm run test:e2e -- e2e/fuzz.spec.ts replays a run.
 */
import { expect, test } from '@playwright/test'
import { baseURL } from '../playwright.config'
import {
  countByStatus,
  describeCase,
  type FuzzResult,
  fuzzCases,
  headBytes,
  readServerFnIds,
  runFuzz,
  serverHeadLimit,
} from '../test/support/http-fuzz'
import { describeFindings, scanText, structuralSecretRules } from '../test/support/secret-scan'

// The same cases every run; another seed explores others.
const seed = Number(process.env.FUZZ_SEED ?? 39)
const serverFnIds = readServerFnIds('.output/public')

const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-tsr-serverfn': 'true' }

test('the server-function ids read from the build are the ones the browser calls', async ({
  page,
}) => {
  expect(serverFnIds.length, 'server functions in the client build').toBeGreaterThanOrEqual(3)
  // Every id is served: a GET function answers 200, a POST-only one 405 (never 404).
  for (const id of serverFnIds) {
    const response = await fetch(`${baseURL}/_serverFn/${id}`, { headers: sameOrigin })
    expect([200, 405], id).toContain(response.status)
  }
  // A client-side navigation to the gallery loads it through a server function.
  await page.goto('/faq')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  const call = page.waitForRequest((request) => request.url().includes('/_serverFn/'))
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Gallery', exact: true })
    .first()
    .click()
  const request = await call
  const id = new URL(request.url()).pathname.split('/')[2]
  expect(serverFnIds).toContain(id)
  expect(await request.headerValue('x-tsr-serverfn')).toBe('true')
})

test('hostile HTTP input never gets a 5xx, never hangs and never takes the server down', async () => {
  test.setTimeout(180_000)
  const cases = fuzzCases({ seed, origin: baseURL, serverFnIds })
  const { results, skipped, ms } = await runFuzz(baseURL, cases, {
    concurrency: 6,
    // Only a guard against a hang: every case is sent, however slow the machine.
    deadlineMs: 120_000,
    timeoutMs: 15_000,
  })

  const byKind = Object.fromEntries(
    ['path', 'query', 'header', 'method', 'server-fn'].map((kind) => [
      kind,
      countByStatus(results.filter((result) => result.case.kind === kind)),
    ]),
  )
  const report = [
    `fuzz seed ${seed}: ${results.length} requests in ${ms} ms (${skipped} left at the deadline)`,
    `by status: ${JSON.stringify(countByStatus(results))}`,
    ...Object.entries(byKind).map(([kind, counts]) => `  ${kind}: ${JSON.stringify(counts)}`),
  ].join('\n')
  console.log(report)
  test.info().annotations.push({ type: 'fuzz', description: report })

  const list = (selected: FuzzResult[]) => selected.map(describeCase)
  // Node refuses a request head past 16 KiB, sometimes by closing the socket mid-request.
  const oversizedHead = (result: FuzzResult) => headBytes(result.case) > serverHeadLimit
  expect(list(results.filter((r) => (r.status ?? 0) >= 500)), `5xx (seed ${seed})`).toEqual([])
  expect(
    list(results.filter((r) => r.status === undefined && !oversizedHead(r))),
    `no answer (seed ${seed})`,
  ).toEqual([])
  expect(
    describeFindings(
      results.flatMap((r) =>
        scanText(describeCase(r), r.body.toString('utf8'), structuralSecretRules),
      ),
    ),
    'server code or secrets in an answer',
  ).toEqual([])
  expect(
    list(
      results.filter((r) =>
        /\n\s+at .+:\d+:\d+|\/work\/|\.output\/server|node_modules\//.test(r.body.toString('utf8')),
      ),
    ),
    'stack traces or server paths in an answer',
  ).toEqual([])
  const offSite = (location: string) =>
    !(location.startsWith('/') && !location.startsWith('//')) && !location.startsWith(`${baseURL}/`)
  expect(
    list(
      results.filter((r) => typeof r.headers.location === 'string' && offSite(r.headers.location)),
    ),
    'redirects off the site',
  ).toEqual([])
  expect(skipped, `cases left unsent (seed ${seed})`).toBe(0)

  // Still up, still serving pages and data.
  const home = await fetch(`${baseURL}/`)
  expect(home.status).toBe(200)
  expect(await home.text()).toContain('</html>')
  for (const id of serverFnIds) {
    const response = await fetch(`${baseURL}/_serverFn/${id}`, { headers: sameOrigin })
    expect([200, 405], id).toContain(response.status)
  }
})
