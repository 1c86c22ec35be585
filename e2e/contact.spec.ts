import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { company } from '../app.config'
import { e2eDataDir } from '../playwright.config'
import { contactServiceOptions } from '../src/content/services'
import {
  allowFailedResponses,
  animationsFinished,
  appScriptsUrl,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  holdRequests,
  test,
} from './fixtures'

let clientCounter = 0
/** Each test speaks from its own address, so the per-client rate limit is its own. */
test.beforeEach(async ({ page }, testInfo) => {
  clientCounter += 1
  await page.setExtraHTTPHeaders({
    'x-forwarded-for': `198.51.100.${(testInfo.workerIndex * 50 + clientCounter) % 250}`,
  })
})

async function fillValidMessage(page: Page, name: string) {
  await field(page, 'Name').fill(name)
  await field(page, 'Email').fill('zoe@example.com')
  await field(page, 'Phone').fill('(905) 555-0199')
  await field(page, 'Service').selectOption('Bathroom Remodeling')
  await field(page, 'Message').fill(
    'We would like a quote for a new ensuite with a walk-in shower.',
  )
}

/** A field of the contact form by its exact label (the page has a "Services" footer too). */
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Contact form' }).getByLabel(new RegExp(`^${label}( \\*)?$`))

const solveCaptcha = (page: Page) => page.getByRole('button', { name: 'I am human' }).click()
const submit = (page: Page) => page.getByRole('button', { name: 'Submit Form' }).click()

function outboxFiles(): string[] {
  const dir = join(e2eDataDir, 'outbox')
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : []
}

test('shows the contact details and a labelled form, and has no axe violations', async ({
  page,
}) => {
  await gotoHydrated(page, '/contact-us')
  // Until the form is interactive it repeats the phone and email as a fallback.
  await expect(page.getByRole('button', { name: 'Submit Form' })).toBeEnabled()
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: company.phone.display })).toHaveAttribute(
    'href',
    `tel:${company.phone.e164}`,
  )
  await expect(main.getByRole('link', { name: company.email })).toHaveAttribute(
    'href',
    `mailto:${company.email}`,
  )
  await expect(main).toContainText('Monday – Saturday: 9:00AM – 5:00PM')
  await expect(main).toContainText('Sunday: By appointment only')
  await expect(field(page, 'Email')).toHaveAttribute('type', 'email')
  await expect(field(page, 'Phone')).toHaveAttribute('type', 'tel')
  for (const label of ['Name', 'Email', 'Phone', 'Message']) {
    await expect(field(page, label)).toHaveAttribute('required', '')
  }
  // A blank choice, then every service option the catalog gives the form, in its order.
  await expect(field(page, 'Service').locator('option[value=""]')).toHaveCount(1)
  await expect(field(page, 'Service').locator('option:not([value=""])')).toHaveText([
    ...contactServiceOptions,
  ])
  await expectNoAxeViolations(page)
})

test('required fields explain themselves, tied to their inputs', async ({ page }) => {
  await gotoHydrated(page, '/contact-us')
  await submit(page)
  const name = field(page, 'Name')
  await expect(name).toHaveAttribute('aria-invalid', 'true')
  // Focus goes to the first field to fix, so a keyboard or screen-reader user lands on it.
  await expect(name).toBeFocused()
  await expect(name).toHaveAccessibleDescription('Please enter your name.')
  await expect(field(page, 'Email')).toHaveAccessibleDescription('Please enter your email address.')
  await field(page, 'Email').fill('not-an-email')
  await expect(field(page, 'Email')).toHaveAccessibleDescription(/valid email/i)
  await expect(field(page, 'Phone')).toHaveAttribute('aria-invalid', 'true')
  await expect(field(page, 'Message')).toHaveAttribute('aria-invalid', 'true')
  await field(page, 'Name').fill('Zoë Béatrice Ngô')
  await expect(name).not.toHaveAttribute('aria-invalid', 'true')
  await submit(page)
  await expect(field(page, 'Email')).toBeFocused()
  await expectNoAxeViolations(page)
})

test('refuses to send without a solved captcha', async ({ page }) => {
  await gotoHydrated(page, '/contact-us')
  await fillValidMessage(page, 'Captcha Skipper')
  await submit(page)
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Captcha Required - Please complete the captcha to proceed.' }),
  ).toBeVisible()
  await expect(page.getByText('Please complete the captcha to proceed.').first()).toBeVisible()
  expect(
    outboxFiles().some((file) =>
      readFileSync(join(e2eDataDir, 'outbox', file), 'utf8').includes('Captcha Skipper'),
    ),
  ).toBe(false)
})

test('sends: Sending... while waiting, then the success toast, a cleared form and the outbox mail', async ({
  page,
}) => {
  await gotoHydrated(page, '/contact-us')
  // The message waits on its way until the form has been seen sending.
  const deliver = await holdRequests(page, /\/_serverFn\//)
  await fillValidMessage(page, 'Zoë Béatrice Ngô')
  await solveCaptcha(page)
  await submit(page)
  const sending = page.getByRole('button', { name: 'Sending...' })
  await expect(sending).toBeDisabled()
  deliver()
  await expect(page.getByText('Message Sent')).toBeVisible()
  await expect(
    page.getByText("Thank you for contacting us. We'll get back to you shortly!"),
  ).toBeVisible()
  await expect(field(page, 'Name')).toHaveValue('')
  await expect(field(page, 'Message')).toHaveValue('')
  await expect(field(page, 'Service')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'I am human' })).toBeVisible()
  await expect
    .poll(() =>
      outboxFiles()
        .map((file) => readFileSync(join(e2eDataDir, 'outbox', file), 'utf8'))
        .join('\n'),
    )
    .toMatch(/walk-in shower/)
})

test('the toasts load when the visitor first reaches into the form, not as the page starts', async ({
  page,
}) => {
  // Evaluating sonner while the page started was start-up work on a phone (decision 047).
  const toasterRequests: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/Toaster\.lazy-/.test(request.url())) toasterRequests.push(request.url())
  })
  await gotoHydrated(page, '/contact-us')
  // A turn of the page's event loop: an import started by the app's effects has been requested.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
  expect(toasterRequests, 'the toaster is not fetched before the visitor reaches the form').toEqual(
    [],
  )
  await field(page, 'Name').focus()
  await expect.poll(() => toasterRequests.length).toBe(1)
  await field(page, 'Email').focus()
  await page.getByRole('button', { name: 'Submit Form' }).hover()
  expect(toasterRequests, 'fetched once').toHaveLength(1)
})

test('what a visitor types while the page is still loading its scripts is kept and sent', async ({
  page,
}) => {
  const releaseApp = await holdRequests(page, appScriptsUrl)
  const releasePage = await holdRequests(page, /\/assets\/contact-us-[\w-]+\.js$/)
  await page.goto('/contact-us', { waitUntil: 'domcontentloaded' })
  await fillValidMessage(page, 'Early Bird Visitor')
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()

  // React has started hydrating, but the page's own module is still on its way.
  releaseApp()
  await page.waitForFunction(() =>
    Object.keys(document).some((key) => key.startsWith('__reactContainer')),
  )
  await field(page, 'Message').press('End')
  await field(page, 'Message').pressSequentially(' Typed meanwhile.')
  await field(page, 'Phone').fill('(905) 555-0123')
  releasePage()

  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await expect(field(page, 'Name')).toHaveValue('Early Bird Visitor')
  await expect(field(page, 'Service')).toHaveValue('Bathroom Remodeling')
  await expect(field(page, 'Phone')).toHaveValue('(905) 555-0123')
  await field(page, 'Message').press('End')
  await field(page, 'Message').pressSequentially(' Thanks!')
  await expect(field(page, 'Message')).toHaveValue(
    'We would like a quote for a new ensuite with a walk-in shower. Typed meanwhile. Thanks!',
  )

  await solveCaptcha(page)
  await submit(page)
  await expect(page.getByText('Message Sent')).toBeVisible()
  await expect
    .poll(() =>
      outboxFiles()
        .map((file) => readFileSync(join(e2eDataDir, 'outbox', file), 'utf8'))
        .join('\n')
        // Quoted-printable folds long lines with a trailing "=".
        .replaceAll(/=\r?\n/g, ''),
    )
    .toMatch(/Early Bird Visitor[\s\S]*Typed meanwhile\. Thanks!/)
})

test('a refused captcha shows the error toast and keeps what the visitor wrote', async ({
  page,
}) => {
  allowFailedResponses(page, /\/_serverFn\//)
  await gotoHydrated(page, '/contact-us')
  await page.evaluate(() => {
    ;(window as unknown as { __captchaMode: string }).__captchaMode = 'fail'
  })
  await fillValidMessage(page, 'Refused Token')
  await solveCaptcha(page)
  await submit(page)
  await expect(
    page.getByText('There was an error sending your message. Please try again later.'),
  ).toBeVisible()
  await expect(field(page, 'Name')).toHaveValue('Refused Token')
  await expect(field(page, 'Message')).toHaveValue(/walk-in shower/)
})

test('the sixth message in a minute gets the rate-limit message', async ({ page }) => {
  test.setTimeout(60_000)
  allowFailedResponses(page, /\/_serverFn\//)
  await gotoHydrated(page, '/contact-us')
  for (let i = 1; i <= 5; i++) {
    await fillValidMessage(page, `Frequent Writer ${i}`)
    await solveCaptcha(page)
    await submit(page)
    await expect(page.getByText('Message Sent').first()).toBeVisible()
    await expect(field(page, 'Name')).toHaveValue('')
  }
  await fillValidMessage(page, 'Frequent Writer 6')
  await solveCaptcha(page)
  await submit(page)
  await expect(
    page.getByText('Too many messages. Please wait a few minutes and try again, or call us.'),
  ).toBeVisible()
  await expect(field(page, 'Name')).toHaveValue('Frequent Writer 6')
})

test('a service page preselects its service', async ({ page }) => {
  await gotoHydrated(page, '/services/kitchen-remodeling')
  await page.getByRole('link', { name: 'Get Your Free Quote' }).last().click()
  await expect(page).toHaveURL(/\/contact-us\?service=kitchen-remodeling$/)
  await expect(field(page, 'Service')).toHaveValue('Kitchen Remodeling')
})

test('without JavaScript the form still renders, says how else to reach us, and hands a submit to the email app', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 360, height: 800 },
  })
  const page = await context.newPage()
  await page.goto('/contact-us')
  await expect(field(page, 'Name')).toBeVisible()
  await expect(field(page, 'Message')).toBeVisible()
  const notice = page.getByText('This form needs JavaScript for its spam check')
  await expect(notice).toBeVisible()
  // On a phone the number in the notice stays on one line (a line box per fragment).
  const number = notice.getByRole('link', { name: company.phone.display })
  expect(await number.evaluate((link) => link.getClientRects().length)).toBe(1)
  // Submit hands the message to the visitor's email app, addressed to us; nothing of it goes
  // into the page's address.
  const form = page.getByRole('form', { name: 'Contact form' })
  expect(await form.getAttribute('action')).toMatch(new RegExp(`^mailto:${company.email}\\?`))
  expect(await form.getAttribute('method')).toBe('post')
  expect(await form.getAttribute('enctype')).toBe('text/plain')
  await field(page, 'Name').fill('No Script Visitor')
  await page.getByRole('button', { name: 'Submit Form' }).click()
  await expect(page).toHaveURL(/\/contact-us$/)
  await context.close()
})

test('with the captcha unreachable the form says so, offers the phone and email, and explains a submit', async ({
  page,
}) => {
  await page.route('https://*.hcaptcha.com/**', (route) => route.abort())
  await gotoHydrated(page, '/contact-us')
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Our spam check (a captcha) could not load' })
  // The widget's loader retries twice, a second apart, before it gives up.
  await expect(notice).toBeVisible({ timeout: 15_000 })
  await expect(notice.getByRole('link', { name: company.phone.display })).toHaveAttribute(
    'href',
    `tel:${company.phone.e164}`,
  )
  await expect(notice.getByRole('link', { name: company.email })).toHaveAttribute(
    'href',
    `mailto:${company.email}`,
  )
  await fillValidMessage(page, 'Offline Captcha')
  await submit(page)
  await expect(
    page.getByText('Our spam check could not load, so this form cannot send right now.'),
  ).toBeVisible()
  await expect(page.getByText('Captcha Required')).toHaveCount(0)
  // The toast fades in: axe measures the colours it settles on.
  await animationsFinished(page)
  await expectNoAxeViolations(page)
})
