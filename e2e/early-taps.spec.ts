import type { Locator, Page } from '@playwright/test'
import { faqs } from '../src/content/faq.content'
import { locationServices } from '../src/content/locations.content'
import { appScriptsUrl, expect, holdRequests, test } from './fixtures'

/**
 * Every control a visitor can see on a phone answers a tap or a key press made the moment it
 * shows. The app's scripts are held until the visitor has acted, so each action really comes
 * before the app has started, however fast the machine; then they arrive and the app starts.
 * A native control (link, `<details>`, the menu's `<dialog>`, a GET form) acts at once; a control
 * that needs the app acts once when it has started (lib/boot/replay-early-taps.ts, and
 * typed-before-hydration.ts for what was typed or chosen in a form). The app then starts at the
 * machine's speed: Chromium's CPU throttle spins a core for the time it adds (this spec's renderers
 * took 82 CPU-seconds at 4× and 16 without), so the slow phone's start is app-loading.spec.ts's
 * (the menu and a question, tapped while the app starts); the replay of a form's submit, the map
 * button, the sort and the search is not tried on a slow CPU.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

type Visit = { page: Page; startApp: () => void }

/** Opens `path` with the app's scripts held back until `startApp()`. */
async function visitWithAppHeld(page: Page, path: string): Promise<Visit> {
  const startApp = await holdRequests(page, appScriptsUrl)
  await page.goto(path, { waitUntil: 'commit' })
  return { page, startApp }
}

const isHydrated = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.hydrated === 'true')

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
    timeout: 30_000,
  })

/** A tap as soon as the control is visible; it asserts the app had not started yet. */
async function tapEarly(control: Locator) {
  await control.waitFor()
  expect(await isHydrated(control.page()), 'the tap came before the app').toBe(false)
  await control.tap()
}

/** The keyboard's way: focus the control as soon as it is visible, then press `key`. */
async function pressEarly(control: Locator, key = 'Enter') {
  await control.waitFor()
  expect(await isHydrated(control.page()), 'the key came before the app').toBe(false)
  await control.focus()
  await control.press(key)
}

type Act = (control: Locator) => Promise<void>
const ways: [string, Act][] = [
  ['a tap', tapEarly],
  ['a key press', pressEarly],
]

const menuToggle = (page: Page) => page.getByRole('button', { name: 'Open menu' })
const menu = (page: Page) => page.getByRole('dialog', { name: 'Site menu' })

for (const [way, act] of ways) {
  test.describe(`by ${way}, before the app has started`, () => {
    test('the menu opens, closes, and its links lead on', async ({ page }) => {
      const { startApp } = await visitWithAppHeld(page, '/faq')
      await act(menuToggle(page))
      await expect(menu(page)).toBeVisible()
      await act(menu(page).getByRole('button', { name: 'Close menu' }))
      await expect(menu(page)).toBeHidden()
      await expect(menuToggle(page)).toBeFocused()
      await act(menuToggle(page))
      await act(menu(page).getByRole('link', { name: 'Gallery' }))
      await expect(page).toHaveURL(/\/gallery$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Project Gallery' })).toBeVisible()
      startApp()
      await hydrated(page)
      await expect(menu(page)).toBeHidden()
    })

    test('a question of the FAQ opens, and stays open once the app starts', async ({ page }) => {
      const { startApp } = await visitWithAppHeld(page, '/faq')
      const question = faqs[3]?.question ?? ''
      await act(page.locator('summary', { hasText: question }))
      const answer = page.getByText(faqs[3]?.answer ?? '')
      await expect(answer).toBeVisible()
      startApp()
      await hydrated(page)
      await expect(answer).toBeVisible()
    })

    test('a gallery category link filters the projects', async ({ page }) => {
      const { startApp } = await visitWithAppHeld(page, '/gallery')
      const kitchens = page.getByRole('navigation', { name: 'Project categories' })
      await act(kitchens.getByRole('link', { name: 'Kitchen Renovation' }))
      await expect(page).toHaveURL(/category=kitchen/)
      await expect(kitchens.getByRole('link', { name: 'Kitchen Renovation' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      startApp()
      await hydrated(page)
      await expect(page).toHaveURL(/category=kitchen/)
    })

    test('a project card opens the project viewer', async ({ page }) => {
      const { startApp } = await visitWithAppHeld(page, '/gallery')
      const card = page.getByRole('list', { name: 'Projects' }).getByRole('link').first()
      await act(card)
      await expect(page).toHaveURL(/project=/)
      await expect(page.getByRole('dialog')).toBeVisible()
      startApp()
      await hydrated(page)
      await expect(page.getByRole('dialog')).toBeVisible()
    })

    test('the viewer steps to the next and the previous project, shows another image, and closes', async ({
      page,
    }) => {
      const id = await projectWithImages(page)
      const { startApp } = await visitWithAppHeld(page, `/gallery?project=${id}`)
      const viewer = page.getByRole('dialog')
      const title = viewer.getByRole('heading', { level: 2 })
      const first = await title.textContent()

      await act(viewer.getByRole('link', { name: /^Show image 2 of/ }))
      await expect(page).toHaveURL(/image=2/)
      await expect(viewer.getByRole('link', { name: /^Show image 2 of/ })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await act(viewer.getByRole('link', { name: 'Previous photo' }))
      await expect(page).not.toHaveURL(/image=/)

      await act(viewer.getByRole('link', { name: /^Next project/ }))
      await expect(title).not.toHaveText(first ?? '')
      await expect(page).not.toHaveURL(/image=/)
      await act(viewer.getByRole('link', { name: /^Previous project/ }))
      await expect(title).toHaveText(first ?? '')

      await act(viewer.getByRole('link', { name: 'Close project' }))
      await expect(viewer).toBeHidden()
      await expect(page).not.toHaveURL(/project=/)
      startApp()
      await hydrated(page)
      await expect(page.getByRole('dialog')).toBeHidden()
    })

    test('the service-area lists switch between by location and by service', async ({ page }) => {
      const { startApp } = await visitWithAppHeld(page, '/service-areas')
      const views = page.getByRole('navigation', { name: 'Browse service areas' })
      const byService = page.getByRole('heading', {
        level: 3,
        name: locationServices['kitchen-remodeling'].title,
      })
      await expect(byService).toBeHidden()
      await act(views.getByRole('link', { name: 'By Service' }))
      await expect(page).toHaveURL(/view=by-service/)
      await expect(byService).toBeVisible()
      await expect(views.getByRole('link', { name: 'By Service' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      // The new page opens at the lists, where the visitor was.
      await expect(views).toBeInViewport()
      startApp()
      await hydrated(page)
      await expect(byService).toBeVisible()
    })

    test('the drawn map loads the interactive map once the app starts', async ({ page }) => {
      await page.route('https://www.google.com/maps/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Map</title>' }),
      )
      const { startApp } = await visitWithAppHeld(page, '/service-areas')
      const load = page.getByRole('button', { name: 'Load interactive map' })
      await act(load)
      startApp()
      await hydrated(page)
      await expect(page.locator('iframe')).toHaveCount(1)
    })
  })
}

test.describe('the gallery search and sort, before the app has started', () => {
  test('a sort chosen is applied once the app starts', async ({ page }) => {
    const { startApp } = await visitWithAppHeld(page, '/gallery')
    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await sort.waitFor()
    expect(await isHydrated(page)).toBe(false)
    await sort.selectOption('alphabetical')
    startApp()
    await hydrated(page)
    await expect(page).toHaveURL(/sort=alphabetical/)
    await expect(sort).toHaveValue('alphabetical')
    const titles = await page
      .getByRole('list', { name: 'Projects' })
      .getByRole('heading')
      .allTextContents()
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en-CA')))
  })

  test('a sort chosen by keyboard is applied once the app starts', async ({ page }) => {
    const { startApp } = await visitWithAppHeld(page, '/gallery')
    const sort = page.getByRole('combobox', { name: 'Sort by' })
    await pressEarly(sort, 'ArrowDown')
    await expect(sort).toHaveValue('newest')
    startApp()
    await hydrated(page)
    await expect(page).toHaveURL(/sort=newest/)
    await expect(sort).toHaveValue('newest')
  })

  test('words typed into the search are kept and searched once the app starts', async ({
    page,
  }) => {
    const { startApp } = await visitWithAppHeld(page, '/gallery')
    const search = page.getByRole('searchbox', { name: 'Search projects' })
    await tapEarly(search)
    await page.keyboard.type('walnut')
    startApp()
    await hydrated(page)
    await expect(page).toHaveURL(/q=walnut/)
    await expect(search).toHaveValue('walnut')
  })

  test('a search sent with Enter loads the results', async ({ page }) => {
    const { startApp } = await visitWithAppHeld(page, '/gallery')
    const search = page.getByRole('searchbox', { name: 'Search projects' })
    await search.waitFor()
    await search.fill('shower')
    await search.press('Enter')
    await expect(page).toHaveURL(/q=shower/)
    startApp()
    await hydrated(page)
    await expect(search).toHaveValue('shower')
  })
})

test.describe('the contact form, before the app has started', () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({
      'x-forwarded-for': `203.0.113.${(testInfo.workerIndex * 20 + testInfo.repeatEachIndex) % 250}`,
    })
  })

  for (const [way, act] of ways) {
    test(`by ${way}: what was typed is kept, and Submit asks for the captcha once`, async ({
      page,
    }) => {
      const { startApp } = await visitWithAppHeld(page, '/contact-us')
      const form = page.getByRole('form', { name: 'Contact form' })
      await form.getByLabel(/^Name/).waitFor()
      await form.getByLabel(/^Name/).fill('Ada Early')
      await form.getByLabel(/^Email/).fill('ada@example.com')
      await form.getByLabel(/^Phone/).fill('905 555 0100')
      await form.getByLabel(/^Message/).fill('A tap before the page had finished loading.')
      await act(form.getByRole('button', { name: 'Submit Form' }))
      startApp()
      await hydrated(page)
      await expect(form.getByRole('alert')).toHaveText(/Captcha Required/)
      const toast = page.getByRole('listitem').filter({ hasText: 'Captcha Required' })
      await expect(toast, 'one submit, one toast').toHaveCount(1)
      await expect(form.getByLabel(/^Name/)).toHaveValue('Ada Early')
      await expect(form.getByLabel(/^Message/)).toHaveValue(
        'A tap before the page had finished loading.',
      )

      // The toast it raised closes from its own button, as soon as it shows.
      const close = toast.getByRole('button', { name: /close/i })
      await close.waitFor()
      if (way === 'a tap') await close.tap()
      else {
        await close.focus()
        await close.press('Enter')
      }
      await expect(toast).toBeHidden()
    })
  }
})

test('by keyboard, before the app has started: the skip link moves to the content', async ({
  page,
}) => {
  const { startApp } = await visitWithAppHeld(page, '/faq')
  await page.getByRole('heading', { level: 1 }).waitFor()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: /skip to/i })
  await expect(skip).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('main')).toBeFocused()
  startApp()
  await hydrated(page)
})

/** The id of a project with further images (the gallery's HTML names each card's project). */
async function projectWithImages(page: Page) {
  const html = await (await page.request.get('/gallery?category=kitchen')).text()
  const id = html.match(/id="project-card-([^"]+)"/)?.[1]
  expect(id).toBeTruthy()
  return id as string
}
