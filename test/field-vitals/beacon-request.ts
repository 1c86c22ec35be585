/**
 * A beacon as it reaches the endpoint: what Chromium's `navigator.sendBeacon` sends with a string
 * body from one of the site's pages (e2e/field-vitals.spec.ts has the browser send the real one),
 * from a proxy on loopback (TRUST_PROXY=true, as srvx gives the peer's address) that names the
 * client in X-Forwarded-For.
 */
export const chromeUserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'

const browserBeaconHeaders: Readonly<Record<string, string>> = {
  'user-agent': chromeUserAgent,
  'content-type': 'text/plain;charset=UTF-8',
  origin: 'http://site.test',
  'sec-fetch-site': 'same-origin',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'empty',
}

/** `headers` over the browser's; one given as '' is left out (a client that does not send it). */
export function beaconRequest(
  body: string | object,
  address: string,
  headers: Record<string, string> = {},
): Request {
  const sent = Object.entries({ ...browserBeaconHeaders, 'x-forwarded-for': address, ...headers })
  return Object.assign(
    new Request('http://site.test/api/vitals', {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: Object.fromEntries(sent.filter(([, value]) => value !== '')),
    }),
    { ip: '127.0.0.1' },
  )
}
