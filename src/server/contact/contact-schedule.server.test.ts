import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type {
  ContactSelfCheckReport,
  SelfCheck,
} from '#supabase/functions/_shared/contact/contact-self-check.ts'
import type { DeliverySummary } from '#supabase/functions/_shared/contact/notification-outbox.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { startDeliverySchedule, startSelfCheckMonitor } from './contact-schedule.server'

describe('startSelfCheckMonitor', () => {
  const every = 5 * 60_000
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const report = (...checks: SelfCheck[]): ContactSelfCheckReport => ({
    checkedAt: new Date().toISOString(),
    checks,
  })
  const captchaFailed: SelfCheck = {
    name: 'captcha',
    status: 'failed',
    detail: 'hCaptcha refuses HCAPTCHA_SECRET (invalid-input-secret)',
  }
  const captchaOk: SelfCheck = { name: 'captcha', status: 'ok', detail: 'accepted' }
  const mailOk: SelfCheck = { name: 'mail', status: 'ok', detail: 'answers' }
  const functionDown: SelfCheck = { name: 'function', status: 'failed', detail: 'unreachable' }

  it('checks at start and every interval, and logs each change of state once', async () => {
    const answers = [
      report(captchaFailed, mailOk),
      report(captchaFailed, mailOk),
      report(captchaFailed, mailOk),
      report(captchaOk, mailOk),
    ]
    const run = vi.fn(async () => answers.shift() ?? report(captchaOk, mailOk))
    const log = createMemoryLogger()
    const kept: ContactSelfCheckReport[] = []
    const monitor = startSelfCheckMonitor(run, log, async (r) => void kept.push(r))
    await vi.waitFor(() => expect(monitor.last()).toBeDefined())
    expect(run).toHaveBeenCalledTimes(1)
    expect(monitor.last()?.checks[0]?.status).toBe('failed')

    await vi.advanceTimersByTimeAsync(2 * every)
    expect(run).toHaveBeenCalledTimes(3)
    // Three failed runs, one error line.
    expect(log.entries).toEqual([
      {
        level: 'error',
        event: 'contact.self_check_failed',
        fields: { check: 'captcha', detail: captchaFailed.detail },
      },
    ])

    await vi.advanceTimersByTimeAsync(every)
    expect(monitor.last()?.checks[0]?.status).toBe('ok')
    expect(log.entries.at(-1)).toEqual({
      level: 'info',
      event: 'contact.self_check_recovered',
      fields: { check: 'captcha', status: 'ok' },
    })
    expect(kept).toHaveLength(4)
    monitor.stop()
    await vi.advanceTimersByTimeAsync(2 * every)
    expect(run).toHaveBeenCalledTimes(4)
  })

  it("a visitor's verification fails the captcha check at once, and the first good one mends it", async () => {
    const log = createMemoryLogger()
    const monitor = startSelfCheckMonitor(async () => report(captchaOk, mailOk), log)
    await vi.waitFor(() => expect(monitor.last()).toBeDefined())
    monitor.captchaChecked('failed')
    monitor.captchaChecked('failed')
    expect(monitor.last()?.checks.map((c) => [c.name, c.status])).toEqual([
      ['captcha', 'failed'],
      ['mail', 'ok'],
    ])
    monitor.captchaChecked('ok')
    monitor.captchaChecked('ok')
    expect(monitor.last()?.checks[0]).toMatchObject({ name: 'captcha', status: 'ok' })
    expect(log.entries.map((entry) => [entry.level, entry.event])).toEqual([
      ['error', 'contact.captcha_check_failed'],
      ['info', 'contact.captcha_check_recovered'],
    ])
    // The next run that finds hCaptcha down again says so once.
    monitor.captchaChecked('failed')
    await vi.advanceTimersByTimeAsync(every)
    monitor.stop()
    expect(log.entries.map((entry) => entry.event)).toEqual([
      'contact.captcha_check_failed',
      'contact.captcha_check_recovered',
      'contact.captcha_check_failed',
      'contact.self_check_recovered',
    ])
  })

  it("a failed verification before the first run is known at once; a run under way keeps the visitor's newer answer", async () => {
    const log = createMemoryLogger()
    let finish: (r: ContactSelfCheckReport) => void = () => {}
    const monitor = startSelfCheckMonitor(
      () => new Promise<ContactSelfCheckReport>((resolve) => (finish = resolve)),
      log,
    )
    monitor.captchaChecked('ok')
    expect(monitor.last()).toBeUndefined()
    monitor.captchaChecked('failed')
    expect(monitor.last()?.checks).toEqual([expect.objectContaining({ status: 'failed' })])
    // The run started before the visitor's failure: its other checks count, its captcha does not.
    finish(report(captchaOk, mailOk))
    await vi.waitFor(() => expect(monitor.last()?.checks).toHaveLength(2))
    expect(monitor.last()?.checks.map((c) => c.status)).toEqual(['failed', 'ok'])
    // Under way when hCaptcha comes back: the run's older failure does not undo the visitor's pass.
    await vi.advanceTimersByTimeAsync(every)
    monitor.captchaChecked('failed')
    monitor.captchaChecked('ok')
    finish(report(captchaFailed, mailOk))
    await vi.advanceTimersByTimeAsync(0)
    monitor.stop()
    expect(monitor.last()?.checks.map((c) => c.status)).toEqual(['ok', 'ok'])
  })

  it('a check hidden by an unreachable function keeps its state: no second line when it reappears', async () => {
    const answers = [report(captchaFailed), report(functionDown), report(captchaFailed)]
    const log = createMemoryLogger()
    const monitor = startSelfCheckMonitor(async () => answers.shift() ?? report(captchaFailed), log)
    await vi.advanceTimersByTimeAsync(2.5 * every)
    monitor.stop()
    expect(log.entries.map((entry) => [entry.event, entry.fields.check])).toEqual([
      ['contact.self_check_failed', 'captcha'],
      ['contact.self_check_failed', 'function'],
    ])
  })

  it('a run that throws is logged, and the last report stays', async () => {
    let fail = false
    const log = createMemoryLogger()
    const monitor = startSelfCheckMonitor(async () => {
      if (fail) throw new Error('boom')
      return report(mailOk)
    }, log)
    await vi.waitFor(() => expect(monitor.last()).toBeDefined())
    fail = true
    await vi.advanceTimersByTimeAsync(every)
    monitor.stop()
    expect(monitor.last()?.checks).toEqual([mailOk])
    expect(log.entries).toEqual([
      { level: 'error', event: 'contact.self_check_error', fields: { error: 'Error: boom' } },
    ])
  })

  it('a run that ends after the stop says nothing and keeps nothing', async () => {
    let finish: (report: ContactSelfCheckReport) => void = () => {}
    const log = createMemoryLogger()
    const kept: ContactSelfCheckReport[] = []
    const monitor = startSelfCheckMonitor(
      () => new Promise((resolve) => (finish = resolve)),
      log,
      async (r) => void kept.push(r),
    )
    monitor.stop()
    finish(report(captchaFailed))
    await vi.advanceTimersByTimeAsync(0)
    expect(monitor.last()).toBeUndefined()
    expect(log.entries).toEqual([])
    expect(kept).toEqual([])
  })
})

const summary = (sent: number): DeliverySummary => ({ sent, 'retry-scheduled': 0, failed: 0 })

describe('startDeliverySchedule', () => {
  it('runs a pass at once and logs what it sent; a failed pass is logged and the next one runs', async () => {
    const log = createMemoryLogger()
    const answers: (() => Promise<DeliverySummary>)[] = [
      () => Promise.reject(new Error('deliver-due failed (HTTP 503)')),
      () => Promise.resolve(summary(2)),
    ]
    let calls = 0
    const stop = startDeliverySchedule(
      () => (answers[calls++] ?? (() => Promise.resolve(summary(0))))(),
      log,
      10,
    )
    await expect.poll(() => calls).toBeGreaterThanOrEqual(3)
    await stop()
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
    const stop = startDeliverySchedule(
      // A deliver-due call whose answer never comes, until the signal aborts it.
      (signal) =>
        new Promise((_, fail) => {
          waiting = true
          signal.addEventListener('abort', () => fail(signal.reason))
        }),
      log,
      60_000,
    )
    await expect.poll(() => waiting).toBe(true)
    await stop()
    expect(log.entries.map((entry) => entry.event)).toEqual(['delivery.started'])
  })
})
