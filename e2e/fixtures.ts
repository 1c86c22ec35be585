import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/** Every page load must be clean: no console error, no uncaught exception, no hydration warning. */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        const text = message.text()
        // A failed subresource is reported below with its URL; a 404 page's own document is not a fault.
        if (text.startsWith('Failed to load resource')) return
        if (message.type() === 'error' || /hydrat/i.test(text))
          problems.push(`${message.type()}: ${text}`)
      })
      page.on('response', (response) => {
        const isDocument = response.request().resourceType() === 'document'
        if (response.status() >= 400 && !isDocument) {
          problems.push(`${response.status()} for ${response.url()}`)
        }
      })
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await use(problems)
      expect(problems, 'console errors or hydration warnings').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(axeTags).analyze()
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect(summary).toEqual([])
}

/** Waits until React has hydrated, so clicks reach their handlers. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  return response
}
