/**
 * Browsers give up on requests all the time: a photo scrolled past before it arrived, a page left
 * while its pictures load. That is no fault of the server's, so it must not fill the error log with
 * stack traces (it did: one "Error: aborted" per abandoned photo variant), and the server answers
 * the next request as usual.
 */
import { request as httpRequest } from 'node:http'
import { startProductionServer } from '#test/faults/production-server.ts'
import { expect, test } from '../fixtures'
import { cleanups, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

/** Asks for `path` and hangs up after `ms`, as a browser does when the picture is no longer wanted. */
const abandon = (url: string, ms: number) =>
  new Promise<void>((done) => {
    const request = httpRequest(url)
    request.on('error', () => done())
    request.on('response', (response) => response.resume().on('end', done))
    request.end()
    setTimeout(() => {
      request.destroy()
      done()
    }, ms)
  })

test('requests a browser abandons leave no error in the log', async () => {
  test.setTimeout(60_000)
  const data = clean.add(temporaryDataDir('abandoned'), (d) => d.remove())
  const server = clean.add(await startProductionServer({ dataDir: data.dir }), (s) => s.stop())
  const gallery = await (await fetch(`${server.url}/gallery`)).text()
  // Photo variants are made on their first request (about a second for the largest): a browser
  // that leaves meanwhile abandons the request while the server is still at work.
  const variants = [
    ...new Set(gallery.match(/\/storage\/v1\/object\/public\/gallery-variants\/[^\s",]+/g) ?? []),
  ]
    .map((path) => path.replace(/\/\d+\.(avif|webp)$/, '/1600.avif'))
    .slice(0, 6)
  expect(variants.length).toBe(6)

  await Promise.all(variants.map((path) => abandon(`${server.url}${path}`, 40)))
  await Promise.all(['/gallery', '/faq'].map((path) => abandon(`${server.url}${path}`, 5)))
  // The same requests again: each answer comes once the work the browser left is done.
  const next = await fetch(`${server.url}${variants[0]}`)
  expect(next.status).toBe(200)
  expect(next.headers.get('content-type')).toBe('image/avif')
  await Promise.all(
    [...variants.slice(1), '/gallery', '/faq'].map(async (path) =>
      (await fetch(`${server.url}${path}`)).arrayBuffer(),
    ),
  )
  // The server writes its pipe in order: once its answer to SIGTERM has arrived, so has every
  // line it printed for the abandoned requests.
  server.signal('SIGTERM')
  await server.waitForOutput(/SIGTERM: answering the requests already sent/)
  expect(server.output()).not.toMatch(/Error: aborted|ECONNRESET|AbortError/)
})
