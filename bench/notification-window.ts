/**
 * The window in which a crash sends the owner's email twice (issue 52): from the mail server's
 * acceptance of a notification (its 250 to DATA) to the outbox's `sent` mark in the database.
 * A process killed in between leaves the message claimed and unmarked, so the next attempt sends
 * it again (docs/faults.md, "A double send").
 *
 * The real outbox and store on an on-disk PGlite (as the embedded server opens it), the real
 * nodemailer SMTP transport, and the SMTP stand-in (smtp-server, on 127.0.0.1), which notes when
 * it answered 250. Each notification is sent alone, one after another; the figures are the
 * window, split into the mail client's part (250 to nodemailer's promise) and the database's
 * (the `sent` mark), and the share of the whole send that the window takes.
 *
 *   ./node_modules/.bin/node bench/notification-window.ts [--sends=60]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { prepareDatabase } from '#src/server/db/migrations.server.ts'
import { createPostgresContactStore } from '#supabase/functions/_shared/contact/contact-store.ts'
import {
  createSmtpTransport,
  type MailTransport,
} from '#supabase/functions/_shared/contact/mail-transports.ts'
import { createNotificationOutbox } from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { startSmtpStandIn } from '#test/contact/smtp-stand-in.ts'
import { readDatabaseSql } from '#test/support/supabase-schema.ts'
import { loadAverage, median, percentile, table, writeSection } from './lib/results.ts'

const sends = Number(process.argv.find((arg) => arg.startsWith('--sends='))?.slice(8) ?? 60)
const warmUp = 5

const dataDir = mkdtempSync(join(tmpdir(), 'bench-notification-window-'))
const db = await PGlite.create(join(dataDir, 'pglite'), {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
})
const smtp = await startSmtpStandIn()
try {
  await prepareDatabase(db, readDatabaseSql())
  const store = createPostgresContactStore(db)
  const smtpTransport = createSmtpTransport({ url: smtp.url })
  let mailedAt = 0
  const transport: MailTransport = {
    ...smtpTransport,
    async send(email) {
      await smtpTransport.send(email)
      mailedAt = performance.now()
    },
  }
  const outbox = createNotificationOutbox({
    store,
    transport,
    log: createMemoryLogger(),
    email: { to: 'office@example.com', siteName: 'Maple Hearth Renovations' },
    digest: false,
  })

  const rows: { whole: number; window: number; client: number; mark: number }[] = []
  const loadBefore = loadAverage()
  for (let i = 0; i < warmUp + sends; i++) {
    const inserted = await store.insert({
      name: `Bench Sender ${i}`,
      email: 'bench@example.com',
      phone: '(905) 555-0199',
      service: 'Kitchen Remodeling',
      message: 'A message to time its notification.',
    })
    if (!inserted.stored) throw new Error('the message was not stored')
    const startedAt = performance.now()
    const outcome = await outbox.deliver(inserted.id)
    const markedAt = performance.now()
    if (outcome !== 'sent') throw new Error(`notification ${i}: ${outcome}`)
    const acceptedAt = smtp.received.at(-1)?.acceptedAt ?? Number.NaN
    if (i < warmUp) continue
    rows.push({
      whole: markedAt - startedAt,
      window: markedAt - acceptedAt,
      client: mailedAt - acceptedAt,
      mark: markedAt - mailedAt,
    })
  }
  smtpTransport.close?.()

  const ms = (values: number[]) => [
    median(values).toFixed(1),
    `${percentile(values, 10).toFixed(1)}–${percentile(values, 90).toFixed(1)}`,
    `${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}`,
  ]
  const share = rows.map((row) => (100 * row.window) / row.whole)
  const body = `${sends} notifications one after another (after ${warmUp} not counted), load average ${loadBefore} before, ${loadAverage()} after.

${table(
  ['ms', 'median', 'p10–p90', 'min–max'],
  [
    ['the window: 250 to the `sent` mark', ...ms(rows.map((r) => r.window))],
    ['· 250 to nodemailer resolving', ...ms(rows.map((r) => r.client))],
    ['· the `sent` mark (PGlite on disk)', ...ms(rows.map((r) => r.mark))],
    ['the whole send: claim to `sent` mark', ...ms(rows.map((r) => r.whole))],
  ],
)}

The window is ${median(share).toFixed(0)}% of a send (median; p10–p90 ${percentile(share, 10).toFixed(0)}–${percentile(share, 90).toFixed(0)}%).`
  console.log(body)
  writeSection('Notification: the double-send window', body)
} finally {
  await smtp.stop()
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
}
