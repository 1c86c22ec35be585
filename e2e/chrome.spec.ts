import { company } from '../app.config'
import { expect, expectNoAxeViolations, gotoHydrated, test } from './fixtures'

const header = 'body > div header, header'

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

    await page.evaluate(() => window.scrollTo(0, 10))
    await page.waitForTimeout(100)
    expect((await styles()).bg).toBe('rgba(0, 0, 0, 0)')

    await page.evaluate(() => window.scrollTo(0, 400))
    await expect.poll(styles).toMatchObject({ bg: 'rgb(255, 255, 255)', color: 'rgb(20, 51, 88)' })
    expect((await styles()).shadow).not.toBe('none')
    await expect(banner.locator('svg[data-tone]').first()).toHaveAttribute('data-tone', 'dark')

    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(styles).toMatchObject({ bg: 'rgba(0, 0, 0, 0)', color: 'rgb(255, 255, 255)' })
  })

  test('has the logo link, the seven main links and a tap-to-call button', async ({ page }) => {
    await gotoHydrated(page, '/')
    const banner = page.getByRole('banner')
    await expect(
      banner.getByRole('link', { name: new RegExp(`^${company.name}\\s*, home$`) }),
    ).toHaveAttribute('href', '/')
    const nav = banner.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'About Us',
      'Services',
      'Gallery',
      'Service Areas',
      'FAQ',
      'Contact Us',
    ])
    const hrefs = await nav
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href')))
    expect(hrefs).toEqual([
      '/',
      '/about-us',
      '/services',
      '/gallery',
      '/service-areas',
      '/faq',
      '/contact-us',
    ])
    await expect(banner.getByRole('link', { name: company.phone.display })).toHaveAttribute(
      'href',
      `tel:${company.phone.e164}`,
    )
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
    await expect(dialog.getByRole('link')).toHaveCount(8)
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
    await gotoHydrated(page, '/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    // Time the delay inside the page, from the pointer entering to the tooltip appearing, so a
    // busy machine cannot make the test see it early or late.
    await page.evaluate(() => {
      const timing = { entered: 0, shown: 0 }
      ;(window as unknown as { __tooltipTiming: typeof timing }).__tooltipTiming = timing
      document.querySelector('[aria-label="Open menu"]')?.addEventListener('pointerenter', () => {
        timing.entered ||= performance.now()
      })
      new MutationObserver(() => {
        if (!timing.shown && document.querySelector('[role="tooltip"]'))
          timing.shown = performance.now()
      }).observe(document.body, { childList: true, subtree: true })
    })
    await toggle.hover()
    const tip = page.getByRole('tooltip')
    await expect(tip).toHaveText('Open menu', { timeout: 3000 })
    const timing = await page.evaluate(
      () =>
        (window as unknown as { __tooltipTiming: { entered: number; shown: number } })
          .__tooltipTiming,
    )
    expect(timing.entered).toBeGreaterThan(0)
    expect(timing.shown - timing.entered).toBeGreaterThanOrEqual(690)
    await page.keyboard.press('Escape')
    await expect(tip).toBeHidden()
  })
})

test.describe('footer', () => {
  test('has contact links, three columns, legal links and the credit', async ({ page }) => {
    await gotoHydrated(page, '/')
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('link', { name: company.email })).toHaveAttribute(
      'href',
      `mailto:${company.email}`,
    )
    await expect(footer.getByRole('link', { name: company.phone.display })).toHaveAttribute(
      'href',
      `tel:${company.phone.e164}`,
    )
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    )
    await expect(footer.getByRole('link', { name: 'Sitemap' })).toHaveAttribute('href', '/sitemap')
    const services = footer.getByRole('navigation', { name: 'Our Services' }).getByRole('link')
    expect(await services.evaluateAll((links) => links.map((l) => l.getAttribute('href')))).toEqual(
      [
        '/services/kitchen-remodeling',
        '/services/bathroom-remodeling',
        '/services/commercial-remodeling',
        '/services/design-build',
        '/services/custom-carpentry-and-woodworking',
        '/services/home-design',
        '/services/general-contractor',
      ],
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
