/**
 * The contact path checks itself, on the production build in embedded mode: a captcha secret
 * hCaptcha refuses and a mail server that is down are each found at start without a visitor,
 * named by /readyz (degraded, still 200: pages keep being served), logged once as an error with
 * the check's name and no secret, and shown to the owner (the keyed page and `npm run report`).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import { startCaptchaStandIn } from '#test/contact/captcha-stand-in.ts'
import { startSmtpStandIn } from '#test/contact/smtp-stand-in.ts'
import { startProductionServer } from '#test/faults/production-server.ts'
import { expect, test } from '../fixtures'
import { cleanups, eventually, getPage, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

// Made up, shaped like an account's secret and site key.
const secret = `0x${'5ec7e7'.repeat(6)}ab`
const siteKey = 'b5c1a2d3-7e8f-4a9b-8c0d-1e2f3a4b5c6d'
const wrongSecret = `0x${'0bad'.repeat(10)}`
const ownerKey = 'owner-report-key-for-the-self-check'

const nodeBinary = existsSync(resolve('node_modules/.bin/node'))
  ? resolve('node_modules/.bin/node')
  : process.execPath

interface Readiness {
  status: number
  body: { status?: string; mode?: string; contact?: Record<string, string | null> }
}

/** /readyz once the first self-check has finished (it runs at start, beside the first requests). */
async function readinessAfterCheck(url: string): Promise<Readiness> {
  let readiness: Readiness | undefined
  await eventually(async () => {
    const response = await fetch(`${url}/readyz`)
    readiness = { status: response.status, body: await response.json() }
    expect(readiness.body.contact?.checkedAt).toEqual(expect.any(String))
  }, 20_000)
  return readiness as Readiness
}

/** A production server on its own data directory, with a verifier that holds `secret` and `siteKey`. */
async function startCheckedServer(label: string, env: Record<string, string>) {
  const captcha = clean.add(await startCaptchaStandIn(secret, 0, siteKey), (c) => c.close())
  const data = clean.add(temporaryDataDir(label), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      env: { HCAPTCHA_VERIFY_URL: captcha.url, HCAPTCHA_SITE_KEY: siteKey, ...env },
    }),
    (s) => s.stop(),
  )
  return { captcha, server, dataDir: data.dir }
}

const failedLines = (output: string) =>
  output.split('\n').filter((line) => line.includes('"event":"contact.self_check_failed"'))

test('a captcha secret hCaptcha refuses: degraded, named, logged once, pages served, the owner told', async () => {
  test.setTimeout(60_000)
  const { captcha, server, dataDir } = await startCheckedServer('self-check-secret', {
    HCAPTCHA_SECRET: wrongSecret,
    OWNER_REPORT_KEY: ownerKey,
  })

  const readiness = await readinessAfterCheck(server.url)
  expect(readiness.status).toBe(200)
  expect(readiness.body).toMatchObject({
    status: 'degraded',
    mode: 'embedded',
    contact: { captcha: 'failed', mail: 'ok', database: 'ok' },
  })
  // hCaptcha was asked with a dummy token, not a visitor's.
  expect(captcha.requests.map((form) => form.response)).toContain('contact-self-check')
  // Probes read the last check: they never reach hCaptcha.
  const asked = captcha.requests.length
  for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/readyz`)).body?.cancel()
  expect(captcha.requests.length).toBe(asked)

  const lines = failedLines(server.output())
  expect(lines).toHaveLength(1)
  expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
    level: 'error',
    check: 'captcha',
    detail: expect.stringContaining('invalid-input-secret'),
  })
  expect(server.output()).not.toContain(wrongSecret)
  expect(JSON.stringify(readiness.body)).not.toContain(wrongSecret)

  // The site itself is served meanwhile.
  expect((await getPage(server.url, '/contact-us')).status).toBe(200)

  // The owner's page and `npm run report` show the check.
  const owner = await getPage(server.url, `/owner-report/${ownerKey}`)
  expect(owner.status).toBe(200)
  expect(owner.html).toContain('Contact form&#x27;s last check')
  expect(owner.html).toMatch(/captcha<\/span>:.*FAILED/)
  let report = ''
  await eventually(async () => {
    const { stdout } = await promisify(execFile)(nodeBinary, [resolve('scripts/report.ts')], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir },
    })
    report = stdout
    expect(report).toContain('captcha: FAILED (hCaptcha refuses HCAPTCHA_SECRET')
  })
  expect(report).toMatch(
    /Contact path, last checked \d{4}-\d\d-\d\d \d\d:\d\d UTC: 1 check\(s\) FAILED/,
  )
  expect(report).not.toContain(wrongSecret)
})

test('a mail server that is down: degraded with the mail check failed, the captcha check passing', async () => {
  test.setTimeout(60_000)
  const smtp = await startSmtpStandIn()
  await smtp.stop()
  const { server } = await startCheckedServer('self-check-smtp', {
    HCAPTCHA_SECRET: secret,
    SMTP_URL: smtp.url,
  })
  const readiness = await readinessAfterCheck(server.url)
  expect(readiness.status).toBe(200)
  expect(readiness.body).toMatchObject({
    status: 'degraded',
    contact: { captcha: 'ok', mail: 'failed', database: 'ok' },
  })
  const lines = failedLines(server.output())
  expect(lines.map((line) => JSON.parse(line).check)).toEqual(['mail'])
  expect(lines[0]).toContain('ECONNREFUSED')
})
