import { describe, expect, it } from 'vitest'
import { createMemoryLogger } from '#supabase/functions/_shared/contact/log.ts'
import type { DeliverySummary } from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { createDeliverySchedule } from './delivery-schedule.server'

const summary = (sent: number): DeliverySummary => ({ sent, 'retry-scheduled': 0, failed: 0 })

describe('createDeliverySchedule', () => {
  it('runs a pass at once and logs what it sent; a failed pass is logged and the next one runs', async () => {
    const log = createMemoryLogger()
    const answers: (() => Promise<DeliverySummary>)[] = [
      () => Promise.reject(new Error('deliver-due failed (HTTP 503)')),
      () => Promise.resolve(summary(2)),
    ]
    let calls = 0
    const schedule = createDeliverySchedule({
      deliverDue: () => (answers[calls++] ?? (() => Promise.resolve(summary(0))))(),
      log,
      intervalMs: 10,
    })
    schedule.start()
    await expect.poll(() => calls).toBeGreaterThanOrEqual(3)
    await schedule.stop()
    expect(log.entries.map((entry) => entry.event).slice(0, 3)).toEqual([
      'delivery.started',
      'delivery.pass_failed',
      'delivery.pass',
    ])
    expect(log.entries[1]?.fields.error).toContain('HTTP 503')
    expect(log.entries[2]?.fields.sent).toBe(2)
  })

  it('stop gives up on a remote pass in progress through its signal, without an error', async () => {
    const log = createMemoryLogger()
    let waiting = false
    const schedule = createDeliverySchedule({
      // A deliver-due call whose answer never comes, until the signal aborts it.
      deliverDue: (signal) =>
        new Promise((_, fail) => {
          waiting = true
          signal.addEventListener('abort', () => fail(signal.reason))
        }),
      log,
      intervalMs: 60_000,
    })
    schedule.start()
    await expect.poll(() => waiting).toBe(true)
    await schedule.stop()
    expect(log.entries.map((entry) => entry.event)).toEqual(['delivery.started'])
  })
})
