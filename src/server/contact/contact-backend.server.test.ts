import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { readInboxSnapshot } from '#scripts/lib/inbox-snapshot.ts'
import {
  contactFieldLabels,
  contactFieldNames,
} from '#supabase/functions/_shared/contact/contact-schema.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { passingTokenNumber } from '#test/contact/captcha-stand-in.ts'
import { embeddedContactFixture } from '#test/contact/contact-backend-fixture.ts'
import { exampleContactFields } from '#test/contact/contact-examples.ts'
import { findPart, parseMime } from '#test/contact/mime.ts'
import { createEmbeddedContactBackend } from './embedded-contact-backend.server'

const run = promisify(execFile)

const fixture = embeddedContactFixture('contact-data')
let token = 500

const message = {
  name: 'Zoë Béatrice Ngô',
  email: 'zoe@example.com',
  phone: '+1 905 555 0142',
  service: 'Kitchen Remodeling' as const,
  message: 'Hello!\nWe want a new kitchen: island, pantry, lots of light.',
  website: '',
}

const services = () =>
  createEmbeddedContactBackend({
    settings: fixture.settings(),
    database: fixture.database.db,
    log: createMemoryLogger(),
  })

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const htmlEntities: Record<string, string> = { '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => (c === "'" ? '&#39;' : `&${htmlEntities[c]};`))

const outboxFiles = () =>
  readdirSync(join(fixture.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'))
const inbox = () => readInboxSnapshot(join(fixture.dataDir, 'inbox'))

const runInbox = (...args: string[]) =>
  run(process.execPath, ['scripts/inbox.ts', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: fixture.dataDir, TZ: 'America/Toronto' },
  })

describe('embedded contact services', () => {
  it('stores a message, writes its .eml to the outbox, and lists it in the inbox', async () => {
    const contact = await services()
    try {
      const answer = await contact.receive(
        { ...message, captchaToken: passingTokenNumber(token++) },
        { visitorIp: '127.0.0.1' },
      )
      expect(answer).toEqual({ status: 200, body: { ok: true } })
    } finally {
      await contact.stop()
    }

    // The outbox: one complete RFC 822 file, nothing temporary left behind.
    const outbox = join(fixture.dataDir, 'outbox')
    const files = readdirSync(outbox)
    expect(files).toHaveLength(1)
    expect(outboxFiles()).toEqual(files)
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z_[0-9a-f-]{36}\.eml$/)
    expect(statSync(join(outbox, files[0] as string)).mode & 0o777).toBe(0o600)

    const raw = readFileSync(join(outbox, files[0] as string), 'utf8')
    expect(raw).toContain('\r\n')
    const mail = parseMime(raw)
    const id = files[0]?.split('_')[1]?.replace('.eml', '')
    expect(mail.headers.get('to')).toBe('owner@example.com')
    expect(mail.headers.get('from')).toBe('Maple Hearth Renovations website <owner@example.com>')
    expect(mail.headers.get('reply-to')).toBe('Zoë Béatrice Ngô <zoe@example.com>')
    expect(mail.headers.get('subject')).toBe('Contact form: Zoë Béatrice Ngô (Kitchen Remodeling)')
    expect(mail.headers.get('message-id')).toBe(`<contact-${id}@example.com>`)
    expect(mail.headers.get('x-contact-message-id')).toBe(id)
    expect(new Date(mail.headers.get('date') ?? '').getTime()).not.toBeNaN()
    expect(mail.headers.get('mime-version')).toBe('1.0')
    const text = findPart(mail, 'text/plain')?.body ?? ''
    for (const value of [
      'Zoë Béatrice Ngô',
      'zoe@example.com',
      '+1 905 555 0142',
      'Kitchen Remodeling',
      'island, pantry',
    ]) {
      expect(text).toContain(value)
    }
    expect(findPart(mail, 'text/html')?.body).toContain('<a href="mailto:zoe@example.com">')

    // The snapshot the inbox command reads, private to the server's user.
    const snapshot = await inbox()
    expect(snapshot?.total).toBe(1)
    expect(snapshot?.messages[0]).toMatchObject({
      id,
      status: 'sent',
      attempts: 1,
      name: message.name,
    })
    expect(statSync(join(fixture.dataDir, 'inbox', 'messages.json')).mode & 0o777).toBe(0o600)

    const { stdout } = await runInbox()
    const lines = stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^1 message \(as of /)
    expect(lines[2]).toMatch(/^date\s+name\s+email\s+service\s+status\s+attempts$/)
    expect(lines[4]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d\s+Zoë Béatrice Ngô\s+zoe@example.com\s+Kitchen Remodeling\s+sent\s+1$/,
    )
    const full = await runInbox('--full')
    expect(full.stdout).toContain('We want a new kitchen: island, pantry, lots of light.')
    const json = JSON.parse((await runInbox('--json')).stdout)
    expect(json.messages[0].id).toBe(id)
  })

  it('carries every field of the schema to the stored row, the email and the inbox', async () => {
    const contact = await services()
    try {
      const answer = await contact.receive(
        { ...exampleContactFields, captchaToken: passingTokenNumber(token++) },
        { visitorIp: '127.0.0.1' },
      )
      expect(answer).toEqual({ status: 200, body: { ok: true } })
    } finally {
      await contact.stop()
    }
    const mail = parseMime(
      readFileSync(join(fixture.dataDir, 'outbox', outboxFiles()[0] ?? ''), 'utf8'),
    )
    const text = findPart(mail, 'text/plain')?.body ?? ''
    const html = findPart(mail, 'text/html')?.body ?? ''
    const full = (await runInbox('--full')).stdout
    const { messages } = JSON.parse((await runInbox('--json')).stdout)
    expect(messages).toEqual([expect.objectContaining(exampleContactFields)])
    for (const field of contactFieldNames) {
      const value: string = exampleContactFields[field]
      const label = contactFieldLabels[field]
      if (field === 'message') {
        expect(text).toContain(`\n${label}:\n${value}\n`)
        expect(html).toMatch(
          new RegExp(`<h2[^>]*>${label}</h2>\\s*<p[^>]*>${escapeRegExp(escapeHtml(value))}</p>`),
        )
      } else {
        expect(text, field).toMatch(new RegExp(`^${label}: +${escapeRegExp(value)}$`, 'm'))
        expect(html, field).toMatch(
          new RegExp(
            `<th scope="row"[^>]*>${label}</th><td[^>]*>.*${escapeRegExp(escapeHtml(value))}`,
          ),
        )
      }
      if (field !== 'message' && !['name', 'email'].includes(field)) {
        expect(full, field).toContain(`${label.toLowerCase()}: ${value}`)
      }
      for (const line of value.split('\n')) expect(full, field).toContain(line)
    }
  })

  it('on start, sends what a crash left pending: never attempted, or claimed by a dead process', async () => {
    await fixture.database.db.exec(`
      insert into public.contact_messages (name, email, phone, message, created_at)
        values ('Never Tried', 'a@example.com', '9055550100', 'Left pending by a crash.', now() - interval '2 minutes');
      insert into public.contact_messages
          (name, email, phone, message, created_at, notification_attempts, next_attempt_at)
        values ('Lease Expired', 'b@example.com', '9055550101', 'Claimed, then the server died.',
                now() - interval '10 minutes', 1, now() - interval '1 second');
      insert into public.contact_messages
          (name, email, phone, message, notification_attempts, next_attempt_at)
        values ('Still Leased', 'c@example.com', '9055550102', 'Claimed by a live sender.',
                1, now() + interval '4 minutes');
    `)
    const contact = await services()
    await contact.deliverDue()
    await contact.stop()

    const { rows } = await fixture.database.db.query<{ name: string; notification_status: string }>(
      'select name, notification_status from public.contact_messages order by name',
    )
    expect(rows).toEqual([
      { name: 'Lease Expired', notification_status: 'sent' },
      { name: 'Never Tried', notification_status: 'sent' },
      { name: 'Still Leased', notification_status: 'pending' },
    ])
    expect(outboxFiles()).toHaveLength(2)
    const snapshot = await inbox()
    expect(snapshot?.messages.map((m) => m.name)).toEqual([
      'Still Leased',
      'Never Tried',
      'Lease Expired',
    ])
  })

  it('tells the owner when there is nothing yet', async () => {
    const { stdout } = await runInbox()
    expect(stdout).toMatch(/^No messages yet/)
  })
})

describe('contact tables', () => {
  it('are closed to anon and authenticated, open to service_role', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select * from public.contact_messages',
        `insert into public.contact_messages (name, email, phone, message) values ('A', 'a@b.c', '1234567', 'x')`,
        'select * from public.captcha_tokens_used',
      ]) {
        await expect(
          fixture.database.db.transaction(async (tx) => {
            await tx.query(`set local role ${role}`)
            await tx.query(sql)
          }),
        ).rejects.toMatchObject({ code: '42501' })
      }
    }
    await fixture.database.db.transaction(async (tx) => {
      await tx.query('set local role service_role')
      await tx.query(
        `insert into public.contact_messages (name, email, phone, message) values ('Al', 'a@b.c', '1234567', 'hello')`,
      )
      const { rows } = await tx.query('select * from public.contact_messages')
      expect(rows).toHaveLength(1)
    })
    const { rows } = await fixture.database.db.query<{ relrowsecurity: boolean }>(
      `select relrowsecurity from pg_class where oid in
         ('public.contact_messages'::regclass, 'public.captcha_tokens_used'::regclass)`,
    )
    expect(rows).toEqual([{ relrowsecurity: true }, { relrowsecurity: true }])
  })
})
