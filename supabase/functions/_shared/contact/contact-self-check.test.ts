/**
 * The contact path's self-check against real peers on 127.0.0.1: the hCaptcha stand-in answering
 * as hCaptcha does for a wrong secret, a site key of another account and a good pair; a real SMTP
 * server up, then down; PGlite with and without the contact tables.
 */
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type CaptchaStandIn,
  startCaptchaStandIn,
} from '../../../../test/contact/captcha-stand-in.ts'
import {
  openContactTestDatabase,
  unreachableDatabase,
} from '../../../../test/contact/contact-database.ts'
import { startSmtpStandIn } from '../../../../test/contact/smtp-stand-in.ts'
import { openEmptyPglite } from '../../../../test/support/sql-session.ts'
import {
  checkCaptcha,
  checkDatabase,
  checkMail,
  runContactSelfCheck,
} from './contact-self-check.ts'
import { createHttpMailTransport, createSmtpTransport } from './mail-transports.ts'

const goodSecret = `0x${'ab12'.repeat(10)}`
const goodSiteKey = 'a1b2c3d4-0000-4000-8000-00000000beef'
let captcha: CaptchaStandIn

beforeAll(async () => {
  captcha = await startCaptchaStandIn(goodSecret, 0, goodSiteKey)
})
afterAll(() => captcha.close())

const settings = (secret: string | undefined, siteKey?: string) => ({
  secret,
  siteKey,
  verifyUrl: captcha.url,
  timeoutMs: 2_000,
})

describe('the captcha check, on a dummy token (no visitor needed)', () => {
  it('a wrong secret fails and says so, without the secret', async () => {
    const check = await checkCaptcha(settings('0xnot-the-secret-at-all', goodSiteKey))
    expect(check).toEqual({
      name: 'captcha',
      status: 'failed',
      detail: expect.stringContaining('invalid-input-secret'),
    })
    expect(check.detail).toContain('HCAPTCHA_SECRET')
    expect(check.detail).not.toContain('0xnot-the-secret-at-all')
    expect(captcha.requests.at(-1)?.response).toBe('contact-self-check')
  })

  it('a site key of another account fails as a mismatch', async () => {
    const check = await checkCaptcha(settings(goodSecret, 'ffffffff-0000-4000-8000-000000000000'))
    expect(check.status).toBe('failed')
    expect(check.detail).toMatch(/HCAPTCHA_SITE_KEY .*sitekey-secret-mismatch/)
  })

  it('a good secret and its site key pass (hCaptcha only refused the dummy token)', async () => {
    expect(await checkCaptcha(settings(goodSecret, goodSiteKey))).toEqual({
      name: 'captcha',
      status: 'ok',
      detail: 'hCaptcha accepts the secret and the site key',
    })
    expect(captcha.requests.at(-1)?.sitekey).toBe(goodSiteKey)
  })

  it("hCaptcha's test keys, and no secret at all, are not configured", async () => {
    const testKeys = await startCaptchaStandIn()
    try {
      const check = await checkCaptcha({
        ...settings(`0x${'0'.repeat(40)}`),
        verifyUrl: testKeys.url,
      })
      expect(check.status).toBe('not-configured')
      expect(check.detail).toContain('test keys')
    } finally {
      await testKeys.close()
    }
    expect((await checkCaptcha(settings(undefined))).status).toBe('not-configured')
  })

  it('a verifier that cannot be reached fails', async () => {
    const down = await startCaptchaStandIn(goodSecret)
    await down.close()
    const check = await checkCaptcha({ ...settings(goodSecret), verifyUrl: down.url })
    expect(check.status).toBe('failed')
    expect(check.detail).toMatch(/^hCaptcha's verifier did not answer: /)
  })
})

describe('the mail check', () => {
  it('SMTP: passes while the server answers, fails once it is down', async () => {
    const smtp = await startSmtpStandIn()
    const transport = createSmtpTransport({ url: smtp.url, timeoutMs: 2_000 })
    try {
      expect(await checkMail({ transport })).toEqual({
        name: 'mail',
        status: 'ok',
        detail: `SMTP ${smtp.url} answers`,
      })
      await smtp.stop()
      const down = await checkMail({ transport })
      expect(down.status).toBe('failed')
      expect(down.detail).toMatch(/ECONNREFUSED/)
      // Nothing was sent by either check.
      expect(smtp.received).toHaveLength(0)
    } finally {
      transport.close?.()
    }
  })

  it('a mail API is configured, not tried; none is not configured; a bad setting fails', async () => {
    const api = createHttpMailTransport({ url: 'http://127.0.0.1:9/emails', apiKey: 're_x' })
    expect(await checkMail({ transport: api })).toMatchObject({ status: 'ok' })
    expect(await checkMail({ transport: undefined })).toMatchObject({ status: 'not-configured' })
    expect(
      await checkMail({ transport: api, problems: ['CONTACT_TO_EMAIL is not set'] }),
    ).toMatchObject({ status: 'failed', detail: expect.stringContaining('CONTACT_TO_EMAIL') })
  })
})

describe('the database check', () => {
  it('passes on the contact tables, fails on a database without them or none at all', async () => {
    const contact = await openContactTestDatabase()
    const bare = await openEmptyPglite(PGlite)
    try {
      expect(await checkDatabase(contact.db)).toMatchObject({ status: 'ok' })
      expect(await checkDatabase(bare)).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('contact_messages'),
      })
      expect(await checkDatabase(unreachableDatabase())).toMatchObject({
        status: 'failed',
        detail: expect.stringContaining('ECONNREFUSED'),
      })
    } finally {
      await Promise.all([contact.close(), bare.close()])
    }
  })
})

it('runs every check, and no detail carries a secret', async () => {
  const smtpPassword = 'smtp-password-never-shown'
  const report = await runContactSelfCheck({
    captcha: settings('0xwrong-secret-value', goodSiteKey),
    mail: {
      transport: createSmtpTransport({
        url: `smtp://owner:${smtpPassword}@127.0.0.1:9`,
        timeoutMs: 2_000,
      }),
    },
    database: unreachableDatabase(),
    secrets: ['0xwrong-secret-value', smtpPassword],
    now: () => new Date('2026-11-27T10:00:00Z'),
  })
  expect(report.checkedAt).toBe('2026-11-27T10:00:00.000Z')
  expect(report.checks.map((check) => [check.name, check.status])).toEqual([
    ['captcha', 'failed'],
    ['mail', 'failed'],
    ['database', 'failed'],
  ])
  const text = JSON.stringify(report)
  expect(text).not.toContain('0xwrong-secret-value')
  expect(text).not.toContain(smtpPassword)
})
