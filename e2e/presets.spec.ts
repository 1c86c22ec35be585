/**
 * The build beside the default node-server one (issue 15): Netlify (`npm run build:netlify`),
 * serving Supabase's data (the PostgREST stand-in over the schema, as in the production-path
 * tests). The server function and the static files run in Netlify's own local emulator
 * (test/support/netlify-emulator.ts), prerendered pages included; it has no embedded database and
 * says so.
 */
import { request } from 'node:http'
import { galleryRow } from '../test/faults/gallery-rows'
import { startProductionServer } from '../test/faults/production-server'
import { serovalJson, serverFnIdsByMethod } from '../test/support/http-fuzz'
import { startPostgrestStandIn } from '../test/support/postgrest-stand-in'
import { openPgliteSchemaDatabase, setGalleryRows } from '../test/support/supabase-schema'
import { cleanups, eventually, temporaryDataDir } from './faults/support'
import { expect, test } from './fixtures'

const clean = cleanups()
test.afterEach(() => clean.run())

/** A Supabase project's gateway with one gallery project, and the site's variables for it. */
async function supabase() {
  const schema = clean.add(await openPgliteSchemaDatabase(), (d) => d.close())
  await setGalleryRows(schema.database, [galleryRow('oak', { title: 'Oak Galley Kitchen' })])
  const gateway = clean.add(await startPostgrestStandIn({ database: schema.database }), (s) =>
    s.close(),
  )
  const env = {
    SUPABASE_URL: gateway.url,
    SUPABASE_ANON_KEY: gateway.anonKey,
    SUPABASE_SECRET_KEY: gateway.secretKey,
  }
  return { env, gateway }
}

/** A POST whose connection leaves from `localAddress` (any of 127.0.0.0/8 here): its status. */
const postFrom = (
  localAddress: string,
  url: string,
  headers: Record<string, string>,
  body: string,
) =>
  new Promise<number>((resolve, reject) => {
    const sent = request(url, { method: 'POST', localAddress, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    sent.on('error', reject)
    sent.end(body)
  })

test('the Netlify build in Netlify’s emulator: the function renders, prerendered pages and static files come with their headers', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('netlify'), (d) => d.remove())
  const site = clean.add(
    await startProductionServer({
      entry: 'test/support/netlify-emulator.ts',
      dataDir: data.dir,
      env: (await supabase()).env,
    }),
    (s) => s.stop(),
  )
  const gallery = await fetch(`${site.url}/gallery`)
  expect(gallery.status).toBe(200)
  expect(gallery.headers.get('x-netlify-emulator')).toBe('function')
  expect(await gallery.text()).toContain('Oak Galley Kitchen')

  const home = await fetch(`${site.url}/`)
  expect(home.headers.get('x-netlify-emulator')).toBe('function')
  expect(home.headers.get('x-prerendered')).toBe('1')
  const html = await home.text()
  // Finished bytes: the page's inline scripts are allowed by their hashes (decision 028).
  expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/)

  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? ''
  const asset = await fetch(`${site.url}${script}`)
  expect(asset.status).toBe(200)
  expect(asset.headers.get('x-netlify-emulator')).toBe('static')
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  expect(asset.headers.get('x-content-type-options')).toBe('nosniff')

  const missing = await fetch(`${site.url}/assets/missing-Ab12Cd34.js`)
  expect(missing.status).toBe(404)
  expect(missing.headers.get('cache-control')).toBe('no-store')

  const readiness = await (await fetch(`${site.url}/readyz`)).json()
  expect(readiness).toMatchObject({
    mode: 'supabase',
    // The stand-in has no Storage: no render URL has been seen to work.
    images: 'variants',
  })
  // Nor a contact function: once the contact path is checked, it is degraded (decision 025).
  expect(readiness.status).toBe(readiness.contact.checkedAt === null ? 'ready' : 'degraded')
})

test('the Netlify build has no embedded database: without Supabase it says why', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('netlify-embedded'), (d) => d.remove())
  const site = clean.add(
    await startProductionServer({ entry: 'test/support/netlify-emulator.ts', dataDir: data.dir }),
    (s) => s.stop(),
  )
  await fetch(`${site.url}/gallery`).catch(() => undefined)
  await eventually(async () =>
    expect(site.output()).toContain('This build has no embedded database'),
  )
})

test('the Netlify build counts a visitor under the address Netlify gives, whatever the client writes', async () => {
  test.setTimeout(120_000)
  const data = clean.add(temporaryDataDir('netlify-address'), (d) => d.remove())
  const { env, gateway } = await supabase()
  const site = clean.add(
    await startProductionServer({
      entry: 'test/support/netlify-emulator.ts',
      dataDir: data.dir,
      env,
    }),
    (s) => s.stop(),
  )
  const {
    POST: [contact],
  } = await serverFnIdsByMethod(site.url, 'dist')
  const body = serovalJson({
    data: {
      name: 'Nell Netlify',
      email: 'nell@example.com',
      phone: '905 555 0134',
      message: 'Which address am I counted under?',
      captchaToken: 'any',
    },
  })
  for (const visitor of ['127.0.0.2', '127.0.0.3']) {
    // Two addresses a client may write itself: neither may stand for its own.
    const headers = {
      'content-type': 'application/json',
      'x-tsr-serverfn': 'true',
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': '198.51.100.7',
      'x-nf-client-connection-ip': '198.51.100.8',
    }
    // The stand-in project has no contact function: the site says it could not send (502).
    expect(await postFrom(visitor, `${site.url}/_serverFn/${contact}`, headers, body)).toBe(502)
  }
  // What the contact path handed the function (and its rate limit): each visitor's own address.
  const visitorIps = gateway.requests
    .filter((sent) => sent.path === '/functions/v1/send-contact-message')
    .map((sent) => sent.headers['x-visitor-ip'])
  expect(visitorIps).toEqual(['127.0.0.2', '127.0.0.3'])
  expect(site.output()).not.toContain('client_address_unknown')
})
