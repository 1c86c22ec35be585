/**
 * hCaptcha's verifier answering 500, on the production build in embedded mode (issue 52): any
 * token would pass, so 40 addresses sending at once must not reach the owner as 40 emails. Every
 * message is kept and answered ok; the hourly cap of unchecked messages (10) is mailed, the rest
 * are held and named in one digest. /readyz turns degraded with the first message the verifier
 * fails on, not at the next self-check, and ready again with the first good verification.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  captureContactRequest,
  isOkAnswer,
  replayContactRequest,
} from '#bench/lib/contact-request.ts'
import { passingTokenNumber, startCaptchaStandIn } from '#test/contact/captcha-stand-in.ts'
import { startProductionServer } from '#test/faults/production-server.ts'
import { expect, test } from '../fixtures'
import { cleanups, eventually, inbox, temporaryDataDir } from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

const mails = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(join(dataDir, 'outbox', file), 'utf8'))
  } catch {
    return []
  }
}

/** The server's log lines of one event, parsed. */
const events = (output: string, event: string) =>
  output
    .split('\n')
    .filter((line) => line.includes(`"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === event)

const readiness = async (url: string) => {
  const response = await fetch(`${url}/readyz`)
  return {
    status: response.status,
    body: (await response.json()) as { status: string; contact: Record<string, string | null> },
  }
}

test('verifier answering 500: every message kept and answered ok, 10 mailed, the rest held for one digest; /readyz degraded at once, ready after one good check', async () => {
  test.setTimeout(120_000)
  const captcha = clean.add(await startCaptchaStandIn(), (c) => c.close())
  const data = clean.add(temporaryDataDir('captcha-down'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      env: {
        HCAPTCHA_VERIFY_URL: captcha.url,
        TRUST_PROXY: 'true',
        // The digest goes with the first delivery pass after a message is held.
        CONTACT_RETRY_INTERVAL_MS: '500',
      },
    }),
    (s) => s.stop(),
  )
  // The browser's request, captured once (a message of its own, checked and mailed), then replayed.
  const contact = await captureContactRequest(server.url)
  let tokens = 7000
  const send = (visitorIp: string) =>
    replayContactRequest(contact, server.url, visitorIp, passingTokenNumber(tokens++))

  // The start's self-check finds hCaptcha answering.
  await eventually(async () => {
    expect((await readiness(server.url)).body).toMatchObject({
      status: 'ready',
      contact: { checkedAt: expect.any(String), captcha: 'not-configured' },
    })
  }, 20_000)

  captcha.mode = 'error'
  const first = await send('198.51.100.1')
  expect(first.status).toBe(200)
  expect(isOkAnswer(first.body)).toBe(true)
  // Degraded with that very message, minutes before the next self-check would run.
  expect(await readiness(server.url)).toEqual({
    status: 200,
    body: expect.objectContaining({
      status: 'degraded',
      contact: expect.objectContaining({ captcha: 'failed', mail: 'ok', database: 'ok' }),
    }),
  })

  const answers = await Promise.all(
    Array.from({ length: 39 }, (_, i) => send(`203.0.113.${i + 1}`)),
  )
  expect(answers.map((answer) => isOkAnswer(answer.body))).toEqual(Array(39).fill(true))

  // Beside the captured message (checked, mailed): 10 mailed of the 40, 30 held, one digest.
  await eventually(async () => {
    const snapshot = await inbox(data.dir)
    expect(snapshot.total).toBe(1 + 40)
    const statuses = snapshot.messages.map((message) => message.status)
    expect(statuses.filter((status) => status === 'sent')).toHaveLength(1 + 10)
    expect(statuses.filter((status) => status === 'held')).toHaveLength(30)
    expect(mails(data.dir)).toHaveLength(1 + 10 + 1)
  }, 30_000)
  const digests = mails(data.dir).filter((mail) => /^Subject: .*not notified/m.test(mail))
  expect(digests).toHaveLength(1)
  expect(digests[0]).toMatch(/Held: +\d+ \(the spam check could not run/)

  const failed = events(server.output(), 'contact.captcha_check_failed')
  expect(failed).toEqual([expect.objectContaining({ level: 'error' })])
  expect(events(server.output(), 'contact.unchecked_held')).toHaveLength(30)

  // hCaptcha is back: the next visitor's verification makes /readyz ready again.
  captcha.mode = 'normal'
  expect((await send('192.0.2.77')).status).toBe(200)
  expect((await readiness(server.url)).body).toMatchObject({
    status: 'ready',
    contact: { captcha: 'ok' },
  })
  expect(events(server.output(), 'contact.captcha_check_recovered')).toEqual([
    expect.objectContaining({ level: 'info' }),
  ])
  await eventually(async () => expect(mails(data.dir)).toHaveLength(13), 15_000)
})
