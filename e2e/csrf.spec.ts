/**
 * Server functions refuse cross-site calls: Start's CSRF check answers 403 unless the call
 * proves it comes from our own origin (Sec-Fetch-Site, else Origin, else Referer). src/start.ts
 * replaces Start's default request middleware, so this spec is what notices if the check is
 * dropped, or widened to pages (a visitor arriving from another site must still get them).
 */
import { expect, test } from '@playwright/test'
import { baseURL } from '../playwright.config'
import { serovalJson, serverFnIdsByMethod } from '../test/support/http-fuzz'

const evil = 'https://evil.example'

/** A well-formed contact call whose message the validator refuses: nothing is stored or sent. */
const contactCall = serovalJson({
  data: { name: '', email: 'not-an-email', phone: '', message: '', captchaToken: 'none' },
})

const call = (id: string, method: 'GET' | 'POST', headers: Record<string, string>) =>
  fetch(`${baseURL}/_serverFn/${id}`, {
    method,
    headers: {
      'x-tsr-serverfn': 'true',
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: method === 'POST' ? contactCall : undefined,
  })

const crossSite: [string, Record<string, string>][] = [
  ['Origin and Sec-Fetch-Site of another site', { origin: evil, 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: cross-site alone', { 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
  ['Sec-Fetch-Site: none (typed in the address bar)', { 'sec-fetch-site': 'none' }],
  [
    'our Origin but Sec-Fetch-Site: cross-site',
    { origin: baseURL, 'sec-fetch-site': 'cross-site' },
  ],
  ['Origin of another site, no Sec-Fetch-Site', { origin: evil }],
  ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ['Origin of another port', { origin: 'http://127.0.0.1:1' }],
  ['Referer of another site alone', { referer: `${evil}/page` }],
  ['Referer that only starts like ours', { referer: `${baseURL}.evil.example/` }],
  ['no Origin, Referer or Sec-Fetch-Site at all', {}],
]

const sameOrigin: [string, Record<string, string>][] = [
  ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
  ['our Origin', { origin: baseURL }],
  ['our Referer', { referer: `${baseURL}/contact-us` }],
  ['what a browser sends', { origin: baseURL, 'sec-fetch-site': 'same-origin' }],
]

test.describe('server functions and CSRF', () => {
  test('a cross-site call to any server function gets 403', async () => {
    const { GET, POST } = await serverFnIdsByMethod(baseURL)
    expect(POST.length, 'the contact function').toBe(1)
    expect(GET.length, 'gallery and public config').toBeGreaterThanOrEqual(2)
    for (const [label, headers] of crossSite) {
      for (const id of POST) {
        const response = await call(id, 'POST', headers)
        expect(response.status, `POST, ${label}`).toBe(403)
        expect(await response.text()).not.toContain('result')
      }
      for (const id of GET) {
        expect((await call(id, 'GET', headers)).status, `GET, ${label}`).toBe(403)
      }
    }
  })

  test('a same-origin call is accepted and reaches the function', async () => {
    const { GET, POST } = await serverFnIdsByMethod(baseURL)
    for (const [label, headers] of sameOrigin) {
      for (const id of POST) {
        const response = await call(id, 'POST', headers)
        // Through the CSRF check: the contact core answers (a refused message is a 400 that
        // names the first problem).
        expect(response.status, `POST, ${label}`).toBe(400)
        expect(await response.text(), label).toContain('Please enter your name.')
      }
      for (const id of GET) {
        const response = await call(id, 'GET', headers)
        expect(response.status, `GET, ${label}`).toBe(200)
        // Through the CSRF check: the function's result, or, for one that takes input (a
        // category's showcase), its validator's refusal of none, serialized as Start does.
        expect(await response.text(), label).toMatch(
          /"result"|"error".*Invalid type: Expected Object/,
        )
      }
    }
  })

  test('pages stay open to visitors from other sites: the check is for server functions only', async () => {
    for (const path of [
      '/',
      '/contact-us',
      '/gallery?category=kitchen',
      '/services/kitchen-remodeling',
    ]) {
      for (const [label, headers] of crossSite) {
        const response = await fetch(`${baseURL}${path}`, { headers, redirect: 'manual' })
        expect(response.status, `${path}, ${label}`).toBe(200)
      }
    }
  })

  test('a page on another site cannot make the browser call a server function', async ({
    context,
    page,
  }) => {
    // Chromium's Local Network Access would stop a public page's request to 127.0.0.1 before
    // the server sees it; with the permission granted (or in a browser without that guard) the
    // server's own check is what stands.
    await context.grantPermissions(['local-network-access'])
    const { POST } = await serverFnIdsByMethod(baseURL)
    const target = `${baseURL}/_serverFn/${POST[0]}`
    // Another site: localhost and 127.0.0.1 are different sites to the browser.
    const attackerOrigin = baseURL.replace('127.0.0.1', 'localhost')
    await page.route(`${attackerOrigin}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>attacker</title>
          <form id="f" method="post" action="${target}" enctype="text/plain">
            <input name='{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":1,"s":"x' value='"}]},"o":0},"f":127,"m":[]}'>
          </form>`,
      }),
    )
    await page.goto(`${attackerOrigin}/attack`)

    // A simple cross-site fetch (no preflight): the classic CSRF request. The answer carries
    // Cross-Origin-Resource-Policy: same-origin, so the browser withholds it from the page (and
    // from Playwright's response events); the DevTools protocol still shows what the server said.
    const devtools = await context.newCDPSession(page)
    await devtools.send('Network.enable')
    // The protocol's events for one request come in no fixed order: gather them, then match.
    const urls = new Map<string, string>()
    const origins = new Map<string, string | undefined>()
    const statuses = new Map<string, number>()
    const answered = new Promise<{ status: number; origin: string | undefined }>((resolve) => {
      const settle = () => {
        for (const [id, url] of urls) {
          const status = statuses.get(id)
          if (url === target && status !== undefined && origins.has(id))
            resolve({ status, origin: origins.get(id) })
        }
      }
      devtools.on('Network.requestWillBeSent', (event) => {
        urls.set(event.requestId, event.request.url)
        settle()
      })
      devtools.on('Network.requestWillBeSentExtraInfo', (event) => {
        origins.set(event.requestId, event.headers.origin ?? event.headers.Origin)
        settle()
      })
      devtools.on('Network.responseReceivedExtraInfo', (event) => {
        statuses.set(event.requestId, event.statusCode)
        settle()
      })
    })
    const withheld = page.waitForEvent('requestfailed', (request) => request.url() === target)
    await page.evaluate(
      ([url, body]) =>
        fetch(url as string, {
          method: 'POST',
          mode: 'no-cors',
          body,
          credentials: 'include',
        }).catch(() => undefined),
      [target, contactCall],
    )
    const fetchAnswer = await answered
    expect(fetchAnswer.origin).toBe(attackerOrigin)
    expect(fetchAnswer.status).toBe(403)
    expect((await withheld).failure()?.errorText).toContain('ERR_BLOCKED_BY_RESPONSE')
    await devtools.detach()

    // An auto-submitted form: a top-level cross-site POST.
    const submitted = page.waitForResponse((response) => response.url() === target)
    await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).submit())
    const formResponse = await submitted
    expect(formResponse.request().method()).toBe('POST')
    expect(formResponse.status()).toBe(403)
  })
})
