/**
 * Shared by the fault specs: each test runs its own production server (ports 3400-3449, data
 * under /tmp) with its own stand-ins, so the specs run beside the default e2e server on 3210
 * and beside each other.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { type InboxSnapshot, readInboxSnapshot } from '#scripts/lib/inbox-snapshot.ts'
import { inboxDir } from '#src/server/contact/inbox-snapshot.server.ts'
import { expect } from '../fixtures'

export const galleryTexts = {
  pageError: 'Error loading projects. Please try refreshing the page.',
  sectionError: 'Unable to load gallery images. Please try again later.',
  galleryEmpty: 'No projects found matching your current filters.',
  serviceEmpty: 'No gallery images available for this category.',
  locationEmpty: 'No project images available for this category yet.',
  toast: 'Failed to load gallery images. Please try again later.',
} as const

export const contactTexts = {
  success: "Thank you for contacting us. We'll get back to you shortly!",
  failure: 'There was an error sending your message. Please try again later.',
} as const

/** A fresh data directory under /tmp, removed by the returned function. */
export function temporaryDataDir(label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `faults-${label}-`))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Clean-up steps run in reverse order, each even if an earlier one failed. */
export function cleanups() {
  const steps: (() => unknown)[] = []
  return {
    add<T>(value: T, step: (value: T) => unknown): T {
      steps.push(() => step(value))
      return value
    },
    async run() {
      for (const step of steps.reverse()) {
        try {
          await step()
        } catch (error) {
          console.warn('clean-up step failed:', error)
        }
      }
      steps.length = 0
    },
  }
}

export interface PageAnswer {
  path: string
  status: number
  ms: number
  html: string
  cacheControl: string | null
}

/**
 * GET a page with a bound on the wait; a hung page fails the test instead of the run. The bound is
 * a guard, not a budget: beside the rest of `npm test` at a load of 10 a page took over 15 s that
 * takes 3 s alone (the server of a test with its database unavailable).
 */
export async function getPage(
  baseUrl: string,
  path: string,
  timeoutMs = 60_000,
): Promise<PageAnswer> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs) })
  const html = await response.text()
  const cacheControl = response.headers.get('cache-control')
  return { path, status: response.status, ms: performance.now() - started, html, cacheControl }
}

/** Every page the fault suite checks: three show the gallery, three do not. */
export const sitePages = {
  home: '/',
  gallery: '/gallery',
  service: '/services/kitchen-remodeling',
  location: '/areas-of-service/concord-kitchen-remodeling',
  faq: '/faq',
  contact: '/contact-us',
} as const

export type GalleryState = { list: string[] } | 'error' | 'empty'

/**
 * Fetches every page at once and checks: all 200, and the gallery pages in the expected state
 * (the projects of `list` shown, or the spec's error texts, or its empty texts).
 */
export async function expectSitePages(baseUrl: string, state: GalleryState) {
  const answers = await Promise.all(Object.values(sitePages).map((path) => getPage(baseUrl, path)))
  const byPath = Object.fromEntries(answers.map((answer) => [answer.path, answer]))
  for (const answer of answers) {
    expect(answer.status, `${answer.path} answers 200`).toBe(200)
  }
  const gallery = byPath[sitePages.gallery]?.html ?? ''
  const service = byPath[sitePages.service]?.html ?? ''
  const location = byPath[sitePages.location]?.html ?? ''
  if (state === 'error') {
    expect(gallery).toContain(galleryTexts.pageError)
    expect(service).toContain(galleryTexts.sectionError)
    expect(location).toContain(galleryTexts.sectionError)
    // A CDN must not keep an error state for other visitors.
    for (const path of [sitePages.gallery, sitePages.service, sitePages.location]) {
      expect(byPath[path]?.cacheControl, `${path} in its error state`).toBe('no-store')
    }
  } else if (state === 'empty') {
    expect(gallery).toContain(galleryTexts.galleryEmpty)
    expect(service).toContain(galleryTexts.serviceEmpty)
    expect(location).toContain(galleryTexts.locationEmpty)
  } else {
    for (const html of [gallery, service, location]) {
      expect(html).not.toContain(galleryTexts.pageError)
      expect(html).not.toContain(galleryTexts.sectionError)
    }
    for (const title of state.list) expect(gallery).toContain(title)
  }
  return answers
}

/** Retries `check` until it passes (bounded): for states the server reaches by itself. */
export async function eventually(check: () => Promise<unknown>, timeoutMs = 8_000) {
  await expect(async () => {
    await check()
  }).toPass({ timeout: timeoutMs, intervals: [50, 100, 200] })
}

/** The owner's inbox snapshot (<DATA_DIR>/inbox/messages.json), as `npm run inbox` reads it. */
export async function inbox(dataDir: string): Promise<InboxSnapshot> {
  const snapshot = await readInboxSnapshot(inboxDir(dataDir))
  return snapshot ?? { version: 1, generatedAt: '', total: 0, messages: [] }
}

export const lockFile = (dataDir: string) => join(dataDir, 'pglite.lock')
export const lockExists = (dataDir: string) => existsSync(lockFile(dataDir))

/** The contact form, filled by a visitor. */
export const form = (page: Page) => page.getByRole('form', { name: 'Contact form' })
const field = (page: Page, label: string) => form(page).getByLabel(new RegExp(`^${label}( \\*)?$`))

export async function fillContactForm(page: Page, name: string, text: string) {
  await field(page, 'Name').fill(name)
  await field(page, 'Email').fill('fault.tester@example.com')
  await field(page, 'Phone').fill('(905) 555-0177')
  await field(page, 'Service').selectOption('Kitchen Remodeling')
  await field(page, 'Message').fill(text)
}

export async function sendContactForm(page: Page) {
  await page.getByRole('button', { name: 'I am human' }).click()
  await page.getByRole('button', { name: 'Submit Form' }).click()
}

export const contactField = field

/** Opens the contact page of a server and waits for hydration. */
export async function openContactPage(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/contact-us`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
