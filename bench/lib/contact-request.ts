/**
 * What the browser sends when a visitor submits the contact form, captured from the real page:
 * Chromium loads /contact-us from the production server, fills the form, solves the stand-in
 * captcha (e2e/support/hcaptcha-stand-in.js, as the end-to-end tests do) and submits. The
 * server-function request (`sendContactMessage`: POST /_serverFn/<id>, seroval-encoded JSON,
 * Origin and Referer for Start's CSRF check, `x-tsr-serverfn: true`) is recorded, so the load
 * bench replays exactly that shape with fresh tokens, whatever the build's function id.
 */
import { chromium } from '@playwright/test'
import { systemChromium } from '#test/support/system-packages.ts'

export interface ContactRequest {
  path: string
  /** Headers as the browser sent them, minus those the HTTP client sets itself. */
  headers: Record<string, string>
  /** Builds the body of submission `n`: its own name and captcha token, same shape. */
  body: (name: string, token: string) => string
  /** The answer the server gave the browser. */
  response: { status: number; body: string }
}

const capturedName = 'Bench Capture'
const skippedHeaders = new Set(['host', 'content-length', 'connection', 'cookie'])

export async function captureContactRequest(origin: string): Promise<ContactRequest> {
  // The end-to-end tests' browser (the Supabase specs capture with it too).
  const browser = await chromium.launch({
    executablePath: systemChromium,
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
    ],
  })
  try {
    const context = await browser.newContext()
    // No machine here reaches hCaptcha: its api.js is the stand-in, everything else is refused.
    await context.route(/^https:\/\/([^/]+\.)?hcaptcha\.com\//, (route) =>
      route.request().url().includes('/api.js')
        ? route.fulfill({
            path: 'e2e/support/hcaptcha-stand-in.js',
            contentType: 'text/javascript',
          })
        : route.abort(),
    )
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    await page.goto(`${origin}/contact-us`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const form = page.getByRole('form', { name: 'Contact form' })
    const field = (label: string) => form.getByLabel(new RegExp(`^${label}( \\*)?$`))
    await field('Name').fill(capturedName)
    await field('Email').fill('bench@example.com')
    await field('Phone').fill('(905) 555-0199')
    await field('Service').selectOption('Kitchen Remodeling')
    await field('Message').fill('A load-test message: please quote a kitchen with an island.')
    await page.getByRole('button', { name: 'I am human' }).click()
    const requestPromise = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/_serverFn/'),
    )
    await page.getByRole('button', { name: 'Submit Form' }).click()
    const request = await requestPromise
    const response = await request.response()
    if (!response) throw new Error('the contact request got no response')
    const responseBody = await response.text()
    await page.getByText('Message Sent').waitFor()

    const body = request.postData() ?? ''
    const token = /10000000-aaaa-bbbb-cccc-\d{12}/.exec(body)?.[0]
    const quoted = (text: string) => JSON.stringify(text)
    const occurrences = (text: string) => body.split(quoted(text)).length - 1
    if (!token || occurrences(token) !== 1 || occurrences(capturedName) !== 1) {
      throw new Error(`unexpected contact request body, cannot replay it: ${body.slice(0, 500)}`)
    }
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => !skippedHeaders.has(name)),
    )
    return {
      path: new URL(request.url()).pathname,
      headers,
      body: (name, newToken) =>
        body.replace(quoted(capturedName), quoted(name)).replace(quoted(token), quoted(newToken)),
      response: { status: response.status(), body: responseBody },
    }
  } finally {
    await browser.close()
  }
}

/** Submission `name` with `token`, as the browser sends it, from `visitorIp` (a balancer's X-Forwarded-For). */
export async function replayContactRequest(
  contact: ContactRequest,
  origin: string,
  visitorIp: string,
  token: string,
  name = `Visitor ${visitorIp}`,
) {
  const response = await fetch(`${origin}${contact.path}`, {
    method: 'POST',
    headers: {
      ...contact.headers,
      origin,
      referer: `${origin}/contact-us`,
      'x-forwarded-for': visitorIp,
    },
    body: contact.body(name, token),
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  }
}

/** The server function answered `{ ok: true }` (seroval: key "ok", value true). */
export const isOkAnswer = (body: string) =>
  /"k":\["ok"\],"v":\[\{"t":2,"s":2\}\]/.test(body) && !body.includes('"error"')
