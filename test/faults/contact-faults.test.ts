/**
 * Contact faults below the HTTP server: a crash that leaves a notification claimed, a shutdown
 * while a notification is still being sent, and the lock that tells the two apart. The same
 * faults against the production server are in e2e/faults/contact-faults.spec.ts.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createEmbeddedContactBackend } from '#src/server/contact/embedded-contact-backend.server.ts'
import { acquireDataDirLock, thisProcess } from '#src/server/db/directory-lock.server.ts'
import { releaseLeasedNotifications } from '#supabase/functions/_shared/contact/contact-store.ts'
import type { MailTransport } from '#supabase/functions/_shared/contact/mail-transports.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { passingTokenNumber } from '../contact/captcha-stand-in'
import { embeddedContactFixture } from '../contact/contact-backend-fixture'

const fixture = embeddedContactFixture('contact-faults')
let token = 900

/**
 * A mail transport that counts what it accepted; with `held`, each email waits for `deliver()`,
 * as a mail server that is slow to answer (the test says when it answers).
 */
function heldTransport(held: boolean): MailTransport & { sent: string[]; deliver(): void } {
  const sent: string[] = []
  let deliver = () => {}
  const answered = held ? new Promise<void>((resolve) => (deliver = resolve)) : Promise.resolve()
  return {
    description: 'held test transport',
    sent,
    deliver: () => deliver(),
    async send(email) {
      await answered
      sent.push(email.messageId)
    },
  }
}

const message = {
  name: 'Crash Tester',
  email: 'crash@example.com',
  phone: '905 555 0150',
  service: 'Kitchen Remodeling' as const,
  message: 'Please call me about a kitchen.',
  website: '',
}

const statuses = async () =>
  (
    await fixture.database.db.query<{ name: string; notification_status: string; due: boolean }>(
      `select name, notification_status, next_attempt_at <= now() as due
         from public.contact_messages order by name`,
    )
  ).rows

describe('after a crash', () => {
  it('releases the claims a dead sender held, and short backoffs, but not long ones', async () => {
    await fixture.database.db.exec(`
      insert into public.contact_messages (name, email, phone, message, notification_attempts, next_attempt_at)
        values ('Claimed by the dead', 'a@example.com', '9055550100', 'x', 1, now() + interval '5 minutes');
      insert into public.contact_messages
          (name, email, phone, message, notification_attempts, notification_last_error, next_attempt_at)
        values ('Backing off 30 s', 'b@example.com', '9055550101', 'x', 1, 'ECONNREFUSED', now() + interval '30 seconds'),
               ('Backing off 1 h', 'c@example.com', '9055550102', 'x', 4, 'ECONNREFUSED', now() + interval '1 hour');
      insert into public.contact_messages (name, email, phone, message, notification_status, notified_at, notification_attempts, next_attempt_at)
        values ('Sent', 'd@example.com', '9055550103', 'x', 'sent', now(), 1, null);
    `)
    expect(await releaseLeasedNotifications(fixture.database.db, 5 * 60_000)).toBe(2)
    expect(await statuses()).toEqual([
      { name: 'Backing off 1 h', notification_status: 'pending', due: false },
      { name: 'Backing off 30 s', notification_status: 'pending', due: true },
      { name: 'Claimed by the dead', notification_status: 'pending', due: true },
      { name: 'Sent', notification_status: 'sent', due: null },
    ])
  })

  it('sends at start what the dead server had claimed, once', async () => {
    await fixture.database.db.exec(`
      insert into public.contact_messages (name, email, phone, message, notification_attempts, next_attempt_at)
        values ('Claimed by the dead', 'a@example.com', '9055550100', 'x', 1, now() + interval '5 minutes');
    `)
    const transport = heldTransport(false)
    const contact = await createEmbeddedContactBackend({
      settings: fixture.settings(),
      database: fixture.database.db,
      log: createMemoryLogger(),
      transport,
      releaseClaimsOnStart: true,
    })
    await contact.deliverDue()
    await contact.stop()
    expect(transport.sent).toHaveLength(1)
    expect(await statuses()).toEqual([
      { name: 'Claimed by the dead', notification_status: 'sent', due: null },
    ])
  })

  it('knows a crash from a clean stop by the lock the last server left', async () => {
    const clean = await acquireDataDirLock(fixture.dataDir)
    expect(clean.tookOverStaleLock).toBe(false)
    await clean.release()

    const dead = spawnSync(process.execPath, ['-e', '']).pid as number
    const lockPath = join(fixture.dataDir, 'pglite.lock')
    mkdirSync(lockPath)
    writeFileSync(join(lockPath, 'holder.json'), JSON.stringify({ ...thisProcess(), pid: dead }))
    const afterCrash = await acquireDataDirLock(fixture.dataDir)
    expect(afterCrash.tookOverStaleLock).toBe(true)
    await afterCrash.release()
  })
})

describe('stopping while a notification is on its way', () => {
  it('waits for the send and records it before the database may close: nothing is sent twice', async () => {
    const transport = heldTransport(true)
    const log = createMemoryLogger()
    const contact = await createEmbeddedContactBackend({
      settings: fixture.settings(),
      database: fixture.database.db,
      log,
      transport,
      notifyWaitMs: 50,
    })
    const answer = await contact.receive(
      { ...message, captchaToken: passingTokenNumber(token++) },
      {},
    )
    // The visitor has the answer; the email is still on its way.
    expect(answer).toEqual({ status: 200, body: { ok: true } })
    expect(transport.sent).toHaveLength(0)

    const stopped = contact.stop()
    // The stop waits for the send: the mail server answers only once it is waiting.
    await vi.waitFor(() =>
      expect(log.entries.map((entry) => entry.event)).toContain('contact.draining'),
    )
    transport.deliver()
    await stopped
    expect(transport.sent).toHaveLength(1)
    expect(await statuses()).toEqual([
      { name: 'Crash Tester', notification_status: 'sent', due: null },
    ])

    // A new server on the same database finds nothing left to send.
    const next = await createEmbeddedContactBackend({
      settings: fixture.settings(),
      database: fixture.database.db,
      log: createMemoryLogger(),
      transport,
    })
    await next.deliverDue()
    await next.stop()
    expect(transport.sent).toHaveLength(1)
  })

  it('gives up waiting after drainTimeoutMs', async () => {
    const transport = heldTransport(true)
    const log = createMemoryLogger()
    const contact = await createEmbeddedContactBackend({
      settings: fixture.settings(),
      database: fixture.database.db,
      log,
      transport,
      notifyWaitMs: 20,
      drainTimeoutMs: 100,
    })
    await contact.receive({ ...message, captchaToken: passingTokenNumber(token++) }, {})
    await contact.stop()
    // Stopped while the mail server still had not answered (it never does here).
    expect(transport.sent).toHaveLength(0)
    expect(log.entries.map((entry) => entry.event)).toContain('contact.drain_timed_out')
  })
})
