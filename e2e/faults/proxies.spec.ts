/**
 * TRUST_PROXY on a port a client can reach directly (issue 15): X-Forwarded-For counts only from
 * a trusted proxy, so a client cannot dodge the contact rate limit (here: 10 failed captchas a minute
 * per address) by
 * writing a new address into the header each time. The same requests through a trusted proxy are
 * counted by the address the proxy gives.
 */
import { startProductionServer } from '#test/faults/production-server.ts'
import { serovalJson, serverFnIdsByMethod } from '#test/support/http-fuzz.ts'
import { expect, test } from '../fixtures'
import { cleanups, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

/** Eleven messages from 127.0.0.1, each claiming another address; the statuses they get. */
async function elevenClaimedAddresses(trustProxy: string) {
  const data = clean.add(temporaryDataDir('proxies'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      // Nobody answers there: the captcha check fails at once (503); failures count 10 a minute.
      env: { TRUST_PROXY: trustProxy, HCAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' },
    }),
    (s) => s.stop(),
  )
  const {
    POST: [contact],
  } = await serverFnIdsByMethod(server.url)
  const statuses: number[] = []
  for (let attempt = 1; attempt <= 11; attempt++) {
    const response = await fetch(`${server.url}/_serverFn/${contact}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tsr-serverfn': 'true',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `203.0.113.${attempt}`,
      },
      body: serovalJson({
        data: {
          name: 'Pat Proxy',
          email: 'pat@example.com',
          phone: '905 555 0133',
          message: 'Which address am I counted under?',
          captchaToken: 'refused',
        },
      }),
    })
    await response.body?.cancel()
    statuses.push(response.status)
  }
  return statuses
}

test('a client that reaches the server directly cannot pick its address with X-Forwarded-For', async () => {
  test.setTimeout(90_000)
  // The balancer's network is 10.0.0.0/8: 127.0.0.1 is no proxy of ours, so it is the client,
  // whatever its header says, and its eleventh failed captcha in a minute waits.
  expect((await elevenClaimedAddresses('10.0.0.0/8')).at(-1)).toBe(429)
  // From a trusted proxy (loopback is a private network) each claimed address is its own client.
  expect(await elevenClaimedAddresses('true')).not.toContain(429)
})
