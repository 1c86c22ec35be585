/**
 * The contact path's troubles an operator must act on are error lines with a stable name (the
 * table in docs/monitoring.md); what a visitor did wrong, or a first failure that a retry mends,
 * is not.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPostgresContactStore } from '#supabase/functions/_shared/contact/contact-store.ts'
import { createSmtpTransport } from '#supabase/functions/_shared/contact/mail-transports.ts'
import { createNotificationOutbox } from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import {
  type ContactTestDatabase,
  openContactTestDatabase,
} from '#test/contact/contact-database.ts'
import { exampleContactFields } from '#test/contact/contact-examples.ts'
import { createContactFunctionClient } from './contact-function-client.server'

/** A stand-in for the edge function that answers every call with `status` and `body`. */
async function functionAnswering(status: number, body: object) {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

/** A port nothing listens on: a mail server that is down. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('the contact function client', () => {
  it.each([
    {
      status: 400,
      body: { error: 'Please check the highlighted fields.' },
      level: 'warn',
      event: 'contact.function_refused',
    },
    {
      status: 429,
      body: { error: 'Too many messages.' },
      level: 'warn',
      event: 'contact.function_refused',
    },
    {
      status: 500,
      body: { error: 'The contact service is misconfigured.' },
      level: 'error',
      event: 'contact.function_http_error',
    },
    {
      status: 401,
      body: { message: 'Invalid API key' },
      level: 'error',
      event: 'contact.function_http_error',
    },
  ])('logs a $status answer as $level $event', async ({ status, body, level, event }) => {
    const stand = await functionAnswering(status, body)
    try {
      const log = createMemoryLogger()
      const client = createContactFunctionClient({
        url: stand.url,
        secretKey: 'sb_secret_test',
        log,
      })
      await client.receive({})
      expect(log.entries.map((entry) => [entry.level, entry.event])).toEqual([[level, event]])
    } finally {
      stand.close()
    }
  })
})

describe('a notification that keeps failing', () => {
  let database: ContactTestDatabase
  beforeAll(async () => {
    database = await openContactTestDatabase()
  })
  afterAll(() => database?.close())

  it('is a warning twice, an error from the third attempt, and an error when given up', async () => {
    const log = createMemoryLogger()
    const store = createPostgresContactStore(database.db)
    const outbox = createNotificationOutbox({
      store,
      transport: createSmtpTransport({
        url: `smtp://127.0.0.1:${await closedPort()}`,
        timeoutMs: 2_000,
      }),
      log,
      email: { to: 'office@example.com', siteName: 'Maple Hearth Renovations' },
      backoffMs: [0],
      maxAttempts: 4,
    })
    await store.insert({
      ...exampleContactFields,
      name: 'Ada',
      email: 'ada@example.com',
      phone: '905 555 0142',
      service: 'Kitchen Remodeling',
      message: 'A kitchen, please.',
    })
    for (let pass = 0; pass < 5; pass++) await outbox.deliverDue()
    const notifications = log.entries.filter((entry) => entry.event.startsWith('notification.'))
    expect(notifications.map((entry) => [entry.level, entry.event, entry.fields.attempt])).toEqual([
      ['warn', 'notification.retry_scheduled', 1],
      ['warn', 'notification.retry_scheduled', 2],
      ['error', 'notification.still_failing', 3],
      ['error', 'notification.failed', 4],
    ])
  })
})
