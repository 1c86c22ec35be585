/**
 * The edge function as its environment builds it (edge.ts), with one setting wrong at a time, on a
 * throwaway PostgreSQL 15 with every migration, the hCaptcha stand-in and an HTTP mail API on
 * 127.0.0.1. Only what storing needs (the database, the callers' keys) may stop it: a mail or
 * captcha mistake costs no message, and a mended mail setting delivers what waited, once.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type CaptchaStandIn,
  passingTokenNumber,
  startCaptchaStandIn,
  testSecret,
} from '../../../test/contact/captcha-stand-in.ts'
import {
  openPostgres15SchemaDatabase,
  type SchemaDatabase,
} from '../../../test/support/supabase-schema.ts'
import { createMemoryLogger } from '../_shared/log.ts'
import { createEdgeAppFromEnv } from './edge.ts'

const message = {
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '905-555-0199',
  service: 'Kitchen Remodeling',
  message: 'We would like a quote for a galley kitchen.',
}
const secretKey = `sb_secret_${crypto.randomUUID().replaceAll('-', '')}`
const mailKey = `re_${crypto.randomUUID().replaceAll('-', '')}`

/** An HTTP mail API in Resend's shape: keeps the message ids it was asked to send. */
async function startMailApi() {
  const sent: string[] = []
  const server: Server = createServer(async (req, res) => {
    let text = ''
    for await (const chunk of req) text += chunk
    if (req.headers.authorization !== `Bearer ${mailKey}`) {
      res.writeHead(401).end('{"message":"API key is invalid"}')
      return
    }
    const body = JSON.parse(text) as { headers: Record<string, string> }
    sent.push(body.headers['X-Contact-Message-Id'] ?? '')
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"x"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('the edge function with one setting wrong', () => {
  let database: SchemaDatabase
  let captcha: CaptchaStandIn
  let mailApi: Awaited<ReturnType<typeof startMailApi>>
  let tokens = 900

  beforeAll(async () => {
    ;[database, captcha, mailApi] = await Promise.all([
      openPostgres15SchemaDatabase(4),
      startCaptchaStandIn(),
      startMailApi(),
    ])
  })
  afterAll(async () => {
    await Promise.all([database?.close(), captcha?.close(), mailApi?.close()])
  })
  beforeEach(async () => {
    await database.database.query(
      'truncate public.contact_messages, public.contact_rate_events, public.captcha_tokens_used',
    )
    captcha.requests.length = 0
    mailApi.sent.length = 0
  })

  const settings = (): Record<string, string> => ({
    SUPABASE_DB_URL: database.url ?? '',
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: secretKey }),
    HCAPTCHA_SECRET: testSecret,
    HCAPTCHA_VERIFY_URL: captcha.url,
    MAIL_API_KEY: mailKey,
    MAIL_API_URL: mailApi.url,
    COMPANY_NAME: 'Maple Hearth Renovations',
    CONTACT_TO_EMAIL: 'owner@example.com',
  })

  const call = (app: ReturnType<typeof createEdgeAppFromEnv>, path: string, body: unknown) =>
    app.fetch(
      new Request(`http://edge/functions/v1/send-contact-message${path}`, {
        method: 'POST',
        headers: { apikey: secretKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    )
  const send = (app: ReturnType<typeof createEdgeAppFromEnv>) =>
    call(app, '', { ...message, captchaToken: passingTokenNumber(tokens++) })

  const stored = async () =>
    (
      await database.database.query<{
        id: string
        notification_status: string
        captcha_problem: string | null
      }>('select id, notification_status, captcha_problem from public.contact_messages')
    ).rows

  it.each<{ mistake: string; change: Record<string, string> }>([
    { mistake: 'no company name or recipient', change: { COMPANY_NAME: '', CONTACT_TO_EMAIL: '' } },
    { mistake: 'a malformed recipient', change: { CONTACT_TO_EMAIL: 'owner at example' } },
    {
      mistake: 'an SMTP URL nodemailer cannot use',
      change: { MAIL_API_KEY: '', SMTP_URL: 'smtp://:::' },
    },
  ])(
    'stores the message with $mistake, and sends it once the setting is mended',
    async ({ change }) => {
      const log = createMemoryLogger()
      const wrong = createEdgeAppFromEnv((name) => ({ ...settings(), ...change })[name], { log })
      try {
        const answer = await send(wrong)
        expect(answer.status).toBe(200)
        expect(await answer.json()).toEqual({ ok: true })
      } finally {
        await wrong.close()
      }
      expect((await stored()).map((row) => row.notification_status)).toEqual(['pending'])
      expect(mailApi.sent).toEqual([])
      expect(log.entries).toContainEqual(
        expect.objectContaining({ level: 'error', event: 'edge.mail_misconfigured' }),
      )

      const mended = createEdgeAppFromEnv((name) => settings()[name])
      try {
        expect((await call(mended, '/deliver-due', {})).status).toBe(200)
        await expect.poll(async () => (await stored())[0]?.notification_status).toBe('sent')
        await call(mended, '/deliver-due', {})
      } finally {
        await mended.close()
      }
      const [row] = await stored()
      expect(mailApi.sent).toEqual([row?.id])
    },
  )

  it.each([
    { mistake: 'a wrong captcha secret', secret: 'not-the-secret', asked: 1 },
    { mistake: 'no captcha secret', secret: '', asked: 0 },
  ])(
    'stores the message with $mistake, marked unchecked, and notifies the owner',
    async ({ secret, asked }) => {
      const log = createMemoryLogger()
      const app = createEdgeAppFromEnv(
        (name) => ({ ...settings(), HCAPTCHA_SECRET: secret })[name],
        { log },
      )
      try {
        const answer = await send(app)
        expect(answer.status).toBe(200)
      } finally {
        await app.close()
      }
      const rows = await stored()
      expect(rows).toHaveLength(1)
      expect(rows[0]?.captcha_problem).toMatch(/^misconfigured: (invalid|missing)-input-secret$/)
      expect(rows[0]?.notification_status).toBe('sent')
      expect(captcha.requests).toHaveLength(asked)
      expect(log.entries).toContainEqual(
        expect.objectContaining({ level: 'error', event: 'contact.captcha_unchecked' }),
      )
    },
  )

  it('mails the unchecked messages of CONTACT_UNCHECKED_PER_HOUR and holds the rest', async () => {
    const app = createEdgeAppFromEnv(
      (name) =>
        ({ ...settings(), HCAPTCHA_SECRET: 'not-the-secret', CONTACT_UNCHECKED_PER_HOUR: '1' })[
          name
        ],
    )
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await send(app)
        expect(answer.status).toBe(200)
        expect(answer.headers.get('x-contact-captcha-check')).toBe('failed')
      }
    } finally {
      await app.close()
    }
    expect((await stored()).map((row) => row.notification_status).sort()).toEqual([
      'held',
      'held',
      'sent',
    ])
    expect(mailApi.sent).toHaveLength(1)
  })

  it('names a CONTACT_UNCHECKED_PER_HOUR it cannot use, and keeps the default', async () => {
    const log = createMemoryLogger()
    const app = createEdgeAppFromEnv(
      (name) => ({ ...settings(), CONTACT_UNCHECKED_PER_HOUR: 'ten' })[name],
      { log },
    )
    await app.close()
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        event: 'edge.setting_ignored',
        fields: expect.objectContaining({ setting: 'CONTACT_UNCHECKED_PER_HOUR' }),
      }),
    )
  })

  it('still refuses to run without the database it stores into', async () => {
    const log = createMemoryLogger()
    const app = createEdgeAppFromEnv((name) => ({ ...settings(), SUPABASE_DB_URL: '' })[name], {
      log,
    })
    const answer = await send(app)
    expect(answer.status).toBe(500)
    expect(log.entries).toContainEqual(
      expect.objectContaining({ level: 'error', event: 'edge.misconfigured' }),
    )
    await app.close()
  })
})
