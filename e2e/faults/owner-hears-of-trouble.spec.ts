/**
 * The owner hears of a mail outage through the report, which reads the database and not the mail
 * (issue 36, item 4): with the mail server down, messages are stored and their notifications fail
 * for good; the owner's page and `npm run report` count them, first thing, with the class of the
 * error and what to do; the log has one error line per notification given up. Counted against
 * what the visitor sent and the mail server received.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { startCaptchaStandIn } from '#test/contact/captcha-stand-in.ts'
import { startProductionServer } from '#test/faults/production-server.ts'
import { createSmtpFaultStandIn } from '#test/faults/smtp-fault-stand-in.ts'
import { expect, test } from '../fixtures'
import {
  cleanups,
  contactTexts,
  eventually,
  fillContactForm,
  inbox,
  openContactPage,
  sendContactForm,
  temporaryDataDir,
} from './support'

const clean = cleanups()
test.afterEach(() => clean.run())

const ownerKey = 'faults-owner-key-5d0c2e9a7b314f86'

test('mail down: notifications failed for good are counted first in the owner report, page and script', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': '203.0.113.201' })
  const captcha = clean.add(await startCaptchaStandIn(), (c) => c.close())
  const smtp = clean.add(await createSmtpFaultStandIn(), (s) => s.stop())
  const data = clean.add(temporaryDataDir('owner-hears'), (d) => d.remove())
  const server = clean.add(
    await startProductionServer({
      dataDir: data.dir,
      env: {
        HCAPTCHA_VERIFY_URL: captcha.url,
        TRUST_PROXY: 'true',
        SMTP_URL: smtp.url,
        OWNER_REPORT_KEY: ownerKey,
        // Twenty attempts 0.1 s apart: given up within seconds, as it would be after 17 hours.
        CONTACT_RETRY_INTERVAL_MS: '100',
        CONTACT_RETRY_BACKOFF_MS: '100',
      },
    }),
    (s) => s.stop(),
  )

  const sent = ['The mail is down, and I want a deck.', 'Still down? A porch too.']
  for (const [i, text] of sent.entries()) {
    await openContactPage(page, server.url)
    await fillContactForm(page, `Owner Hears ${i}`, text)
    await sendContactForm(page)
    await expect(page.getByText(contactTexts.success)).toBeVisible({ timeout: 20_000 })
  }
  await eventually(async () => {
    const snapshot = await inbox(data.dir)
    expect(snapshot.messages.map((message) => message.status)).toEqual(['failed', 'failed'])
  }, 30_000)
  expect(smtp.accepted).toHaveLength(0)

  // The mail server is back: a new message is notified; the two given up stay counted.
  await smtp.start()
  await openContactPage(page, server.url)
  await fillContactForm(page, 'Owner Hears 2', 'A third, once the mail works.')
  await sendContactForm(page)
  await expect(page.getByText(contactTexts.success)).toBeVisible({ timeout: 20_000 })
  await eventually(async () => expect(smtp.accepted).toHaveLength(1), 15_000)

  await page.goto(`${server.url}/owner-report/${ownerKey}`)
  const contact = page.getByRole('region', { name: 'Contact messages' })
  // First on the page, before the visitors' figures.
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Contact messages')
  for (const [label, value] of [
    ['Stored', '3'],
    ['Notified', '1'],
    ['Not yet notified', '0'],
    ['Failed for good', '2'],
  ] as const) {
    await expect(
      contact.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(value)
  }
  await expect(contact).toContainText('Failed for good, by last error: ECONNREFUSED ×2')
  await expect(contact).toContainText('Some notifications will not be sent.')
  for (const text of sent) await expect(page.getByText(text)).toHaveCount(0)

  const log = server.output()
  const givenUp = log.split('\n').filter((line) => line.includes('"event":"notification.failed"'))
  expect(givenUp).toHaveLength(2)
  for (const line of givenUp) expect(JSON.parse(line)).toMatchObject({ level: 'error' })

  // The script reads the snapshot the server writes as it stops.
  server.signal('SIGTERM')
  expect((await server.exited).code).toBe(0)
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'report'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: data.dir },
  })
  const [first, second, third] = stdout.split('\n')
  expect(first).toBe(
    'Contact messages: 3 stored · 1 notified · 0 not yet notified · 2 failed for good',
  )
  expect(second).toBe('  failed for good, by last error: ECONNREFUSED ×2')
  expect(third).toMatch(/^ {2}TROUBLE: Some notifications will not be sent\./)
})
