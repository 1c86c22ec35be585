import type { Page } from '@playwright/test'
import { company } from '../app.config'
import { tooltipTimings } from '../src/components/ui/IconButtonTooltip'
import { legalNavigation, mainNavigation } from '../src/content/navigation'
import { footerServiceLinks } from '../src/content/services'
import { expect, expectNoAxeViolations, framesPainted, gotoHydrated, test } from './fixtures'

const header = 'body > div header, header'

/** Scrolls the window and waits until the page has handled the scroll and painted twice since. */
async function scrolledTo(page: Page, top: number) {
  await page.evaluate(
    (y) =>
      new Promise<void>((handled) => {
        addEventListener('scroll', () => handled(), { once: true })
        scrollTo(0, y)
      }),
    top,
  )
  await framesPainted(page, 2)
}

test.describe('header', () => {
  test('is transparent with white text at the top and solid after scrolling past 10 px', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    const banner = page.locator(header).first()
    const styles = () =>
      banner.evaluate((el) => {
        const s = getComputedStyle(el)
        return { bg: s.backgroundColor, color: s.color, shadow: s.boxShadow }
      })
    await expect
      .poll(styles)
      .toMatchObject({ bg: 'rgba(0, 0, 0, 0)', color: 'rgb(255, 255, 255)', shadow: 'none' })
    await expect(banner.locator('svg[data-tone]').first()).toHaveAttribute('data-tone', 'light')

    await scrolledTo(page, 10)
    expect((await styles()).bg).toBe('rgba(0, 0, 0, 0)')
    expect(await banner.evaluate((el) => el.getAnimations().length), 'no transition began').toBe(0)

    await page.evaluate(() => window.scrollTo(0, 400))
    await expect.poll(styles).toMatchObject({ bg: 'rgb(255, 255, 255)', color: 'rgb(20, 51, 88)' })
    expect((await styles()).shadow).not.toBe('none')
    await expect(banner.locator('svg[data-tone]').first()).toHaveAttribute('data-tone', 'dark')

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(styles).toMatchObject({ bg: 'rgba(0, 0, 0, 0)', color: 'rgb(255, 255, 255)' })
  })

  test('without JavaScript is solid, its wordmark and links readable over the page', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const page = await context.newPage()
    await page.goto('/about-us')
    await page.mouse.wheel(0, 900)
    const banner = page.locator(header).first()
    const colours = await banner.evaluate((el) => {
      const logo = el.querySelector('svg[data-tone]')
      const mark = logo?.querySelector('[data-mark]')
      return {
        bg: getComputedStyle(el).backgroundColor,
        color: getComputedStyle(el).color,
        logo: logo && getComputedStyle(logo).color,
        mark: mark && getComputedStyle(mark).color,
      }
    })
    expect(colours).toMatchObject({ bg: 'rgb(255, 255, 255)', color: 'rgb(20, 51, 88)' })
    expect(colours.logo).not.toBe('rgb(255, 255, 255)')
    expect(colours.mark).not.toBe(colours.logo)
    await context.close()
  })
})

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('opens a focus-trapped overlay, closes on Escape and returns focus to the toggle', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    const toggle = page.getByRole('button', { name: 'Open menu' })
    await toggle.click()
    const dialog = page.getByRole('dialog', { name: 'Site menu' })
    await expect(dialog).toBeVisible()
    const box = await dialog.boundingBox()
    expect(box).toMatchObject({ x: 0, y: 0, width: 375, height: 740 })
    // The main links and the phone.
    await expect(dialog.getByRole('link')).toHaveCount(mainNavigation.length + 1)
    await expect(dialog.getByRole('link', { name: company.phone.display })).toHaveAttribute(
      'href',
      `tel:${company.phone.e164}`,
    )

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
      const inside = await dialog.evaluate((el) => el.contains(document.activeElement))
      expect(inside, `focus stays in the menu after key ${i}`).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(toggle).toBeFocused()
  })

  test('closes when a link is followed', async ({ page }) => {
    await gotoHydrated(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const dialog = page.getByRole('dialog', { name: 'Site menu' })
    await dialog.getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(dialog).toBeHidden()
  })

  test('closes when the route changes by history', async ({ page }) => {
    await gotoHydrated(page, '/faq')
    await gotoHydrated(page, '/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeVisible()
    await page.evaluate(() => history.back())
    await expect(page).toHaveURL(/\/faq$/)
    await expect(page.getByRole('dialog', { name: 'Site menu' })).toBeHidden()
  })

  test('the menu toggle shows its tooltip after the hover delay', async ({ page }) => {
    // The page's clock is the test's, so a busy machine cannot make the tooltip look early or late.
    await page.clock.install()
    await gotoHydrated(page, '/')
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
    // The tooltip's script is fetched on the first hover; its toggle then replaces the plain one
    // and takes the hover over with a pointer event of its own, from which the delay counts.
    await page.evaluate(() => {
      document.addEventListener(
        'pointermove',
        (event) => {
          if (!event.isTrusted) document.documentElement.dataset.tooltipHandoff = ''
        },
        { capture: true },
      )
    })
    await page.getByRole('button', { name: 'Open menu' }).hover()
    await expect(page.locator('html')).toHaveAttribute('data-tooltip-handoff')
    const tip = page.getByRole('tooltip')
    await page.clock.runFor(tooltipTimings.openDelay - 1)
    await expect(tip).toBeHidden()
    // Within a few frames of the delay.
    await page.clock.runFor(100)
    await expect(tip).toHaveText('Open menu')
    await page.keyboard.press('Escape')
    // Its exit animation's frames run on the page's clock too.
    await page.clock.runFor(1_000)
    await expect(tip).toBeHidden()
  })
})

// Both only read the home page: one load serves them.
test('the home page: header links and tap-to-call; footer contact links, three columns, legal links and the credit', async ({
  page,
}) => {
  await test.step('header: the logo link, the main links and a tap-to-call button', async () => {
    await gotoHydrated(page, '/')
    const banner = page.getByRole('banner')
    await expect(
      banner.getByRole('link', { name: new RegExp(`^${company.name}\\s*, home$`) }),
    ).toHaveAttribute('href', '/')
    const nav = banner.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(mainNavigation.map((link) => link.label))
    const hrefs = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')))
    expect(hrefs).toEqual(mainNavigation.map((link) => link.to))
    await expect(banner.getByRole('link', { name: company.phone.display })).toHaveAttribute(
      'href',
      `tel:${company.phone.e164}`,
    )
  })

  await test.step('footer: contact links, three columns, legal links and the credit', async () => {
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    )
    await expect(footer.getByRole('link', { name: company.phone.display })).toHaveAttribute(
      'href',
      `tel:${company.phone.e164}`,
    )
    for (const link of legalNavigation) {
      await expect(footer.getByRole('link', { name: link.label })).toHaveAttribute('href', link.to)
    }
    const services = footer.getByRole('navigation', { name: 'Our Services' }).getByRole('link')
    await expect(services).toHaveText(footerServiceLinks.map((service) => service.label))
    expect(await services.evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual(
      footerServiceLinks.map((service) => `/services/${service.id}`),
    )
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${company.legalName}`)
    await expect(footer).toContainText('All rights reserved.')
    await expect(footer).not.toContainText('..')
    await expect(footer).toContainText('Canadian')
    const credit = footer.getByRole('link', { name: new RegExp(company.studioCredit.name) })
    await expect(credit).toHaveAttribute('target', '_blank')
    await expect(credit).toHaveAttribute('rel', /noopener/)
  })
})

test('navigating to a new path scrolls to the top', async ({ page }) => {
  await gotoHydrated(page, '/')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test.describe('404', () => {
  test('answers 404 with a page that links home and to contact', async ({ page }) => {
    const response = await gotoHydrated(page, '/no-such-page')
    expect(response?.status()).toBe(404)
    await expect(page).toHaveTitle(/Page Not Found/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
    const main = page.getByRole('main')
    await expect(main.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
    await expect(main.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      '/contact-us',
    )
    await expectNoAxeViolations(page)
  })
})
