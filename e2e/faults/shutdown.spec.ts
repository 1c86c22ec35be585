/**
 * Graceful shutdown of the production server on SIGTERM: requests in progress get their answer,
 * work the visitor no longer waits for (a slow notification) is finished and recorded, the
 * embedded database is closed and its lock removed, the process exits 0 by itself, and a new
 * server starts at once on the same data directory.
 */
import { existsSync, readFileSync } from 'node:fs'
import { startCaptchaStandIn } from '#test/contact/captcha-stand-in.ts'
import { startFaultProxy } from '#test/faults/fault-proxy.ts'
import { galleryRow } from '#test/faults/gallery-rows.ts'
import {
  childrenOf,
  type ServerProcess,
  startProductionServer,
} from '#test/faults/production-server.ts'
import { createSmtpFaultStandIn } from '#test/faults/smtp-fault-stand-in.ts'
import { startPostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import { openPgliteSchemaDatabase, setGalleryRows } from '#test/support/supabase-schema.ts'
import { expect, test } from '../fixtures'
import {
  cleanups,
  contactTexts,
  eventually,
  fillContactForm,
  getPage,
  inbox,
  lockExists,
  openContactPage,
  sendContactForm,
  sitePages,
  temporaryDataDir,
} from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

test.beforeEach(async ({ page }, testInfo) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `192.0.2.${10 + testInfo.workerIndex}` })
})

/** Waits for the exit, bounded: a process that something keeps alive fails the test. */
async function expectCleanExit(server: ServerProcess, withinMs = 15_000) {
  const outcome = await Promise.race([
    server.exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), withinMs)),
  ])
  expect(outcome, server.output()).toEqual({ code: 0, signal: null })
  expect(server.output()).not.toContain('Still running')
  expect(lockExists(server.dataDir)).toBe(false)
}

test('SIGTERM while a message is in flight: answered, its slow notification recorded, the database closed', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const captcha = clean.add(await startCaptchaStandIn(), (c) => c.close())
  // A verifier that takes 800 ms: the request is still running when SIGTERM arrives.
  const slowCaptcha = clean.add(await startFaultProxy(new URL(captcha.url).origin), (p) =>
    p.close(),
  )
  await slowCaptcha.set({ kind: 'delay', ms: 800 })
  // A mail server that takes 4 s: longer than the visitor waits (3 s), so the send carries on
  // after the answer, and after SIGTERM.
  const smtp = clean.add(await createSmtpFaultStandIn({ listen: true }), (s) => s.stop())
  smtp.mode = 'delay'
  smtp.delayMs = 4_000
  const data = clean.add(temporaryDataDir('sigterm'), (d) => d.remove())
  const env = {
    HCAPTCHA_VERIFY_URL: `${slowCaptcha.url}/siteverify`,
    SMTP_URL: smtp.url,
    TRUST_PROXY: 'true',
  }
  const server = clean.add(await startProductionServer({ dataDir: data.dir, env }), (s) => s.stop())
  expect(lockExists(data.dir)).toBe(true)
  // The contact path's own check at start asks the verifier too (a dummy token): let it finish,
  // so the one verification counted below is the visitor's.
  await eventually(async () => {
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as {
      contact?: { checkedAt?: string }
    }
    expect(ready.contact?.checkedAt).toBeTruthy()
  })
  const verifiedBefore = slowCaptcha.seen.length

  await openContactPage(page, server.url)
  await fillContactForm(page, 'Terry Term', 'Sent while the server was being stopped.')
  // The toaster is loaded lazily, on the first toast: once the server is closing it could not
  // be fetched any more. A first try without the captcha loads it.
  await page.getByRole('button', { name: 'Submit Form' }).click()
  await expect(page.getByText('Please complete the captcha to proceed.').first()).toBeVisible()
  const answer = page.waitForResponse(/\/_serverFn\//)
  await sendContactForm(page)
  await eventually(async () => expect(slowCaptcha.seen).toHaveLength(verifiedBefore + 1))
  const signalledAt = performance.now()
  server.signal('SIGTERM')

  expect((await answer).status()).toBe(200)
  await expect(page.getByText(contactTexts.success)).toBeVisible({ timeout: 10_000 })
  await expectCleanExit(server)
  const shutdownMs = performance.now() - signalledAt
  // The send finished (4 s) and was recorded before the database closed.
  expect(smtp.accepted).toHaveLength(1)
  expect(server.output()).toContain('"event":"notification.sent"')
  // With `Connection: close` the HTTP server is closed well within srvx's 5 s.
  expect(server.output()).not.toContain('Graceful shutdown timed out')
  const snapshot = await inbox(data.dir)
  expect(snapshot.total).toBe(1)
  expect(snapshot.messages[0]).toMatchObject({ name: 'Terry Term', status: 'sent', attempts: 1 })
  test.info().annotations.push({
    type: 'shutdown',
    description: `${Math.round(shutdownMs)} ms; drained in-flight work: ${server.output().includes('contact.draining')}`,
  })

  await test.step('a new server starts at once on the same data, and sends nothing again', async () => {
    smtp.mode = 'accept'
    const next = clean.add(await startProductionServer({ dataDir: data.dir, env }), (s) => s.stop())
    expect(next.output()).not.toContain('Another server is using the embedded database')
    expect(next.output()).not.toContain('claims_released_after_crash')
    // Its first delivery pass starts before it listens, and a clean stop waits for the pass: after
    // the exit, anything it would have sent again has been sent.
    next.signal('SIGTERM')
    await expectCleanExit(next, 10_000)
    expect(smtp.accepted).toHaveLength(1)
    expect((await inbox(data.dir)).total).toBe(1)
  })
})

test('`npm run serve` stopped as a container stops its main process: SIGTERM to npm reaches the server', async () => {
  test.setTimeout(90_000)
  const data = clean.add(temporaryDataDir('npm-serve'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({ dataDir: data.dir, command: ['npm', 'run', 'serve'] }),
    (s) => s.stop(),
  )
  expect(lockExists(data.dir)).toBe(true)
  // npm's child is node itself: the script's shell has handed its process over (exec).
  const [node] = childrenOf(server.pid)
  expect(readFileSync(`/proc/${node}/cmdline`, 'utf8').split('\0')).toContain(
    '.output/server/index.mjs',
  )
  server.signal('SIGTERM')
  await expectCleanExit(server)
  expect(server.output()).toMatch(/SIGTERM/)
  // Not left running under another parent.
  expect(existsSync(`/proc/${node}`)).toBe(false)
})

test('SIGTERM during a slow gallery render (Supabase mode): the page still gets its 200', async () => {
  test.setTimeout(30_000)
  const schema = clean.add(await openPgliteSchemaDatabase(), (d) => d.close())
  await setGalleryRows(schema.database, [galleryRow('oak', { title: 'Oak Galley Kitchen' })])
  const standIn = clean.add(await startPostgrestStandIn({ database: schema.database }), (s) =>
    s.close(),
  )
  const slowSource = clean.add(await startFaultProxy(standIn.url), (p) => p.close())
  await slowSource.set({ kind: 'delay', ms: 2_000 })
  const data = clean.add(temporaryDataDir('sigterm-gallery'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      env: {
        SUPABASE_URL: slowSource.url,
        SUPABASE_ANON_KEY: standIn.anonKey,
        SUPABASE_SECRET_KEY: standIn.secretKey,
      },
    }),
    (s) => s.stop(),
  )
  const asked = slowSource.seen.length
  const render = getPage(server.url, sitePages.gallery)
  // SIGTERM once the render has asked the slow source for the gallery: it is then in progress.
  await eventually(async () =>
    expect(slowSource.seen.slice(asked).map((request) => request.path)).toContainEqual(
      expect.stringContaining('gallery'),
    ),
  )
  server.signal('SIGTERM')
  const answer = await render
  expect(answer.status).toBe(200)
  expect(answer.html).toContain('Oak Galley Kitchen')
  expect(answer.ms).toBeGreaterThan(1_000)
  await expectCleanExit(server, 10_000)
  // No new connections once the server is closing.
  await expect(getPage(server.url, '/', 2_000)).rejects.toThrow()
})
