import { readFileSync } from 'node:fs'
import type { Browser, Locator, Page } from '@playwright/test'
import {
  appScriptsUrl,
  expect,
  expectNoAxeViolations,
  gotoHydrated,
  holdRequests,
  test,
  withHeadingFont,
} from './fixtures'

/**
 * A project's before and after: the server's viewer shows the two photos, each labelled, and
 * works so without JavaScript; the script turns them into one frame split by a native range
 * input that the keyboard, a pointer and touch move.
 */
type ManifestEntry = { path: string; title: string; before?: string }
const manifest: ManifestEntry[] = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
)
const paired = manifest.find((entry) => entry.before)
if (!paired) throw new Error('the shipped gallery has no project with a before photo')

const card = (page: Page) =>
  page
    .getByRole('list', { name: 'Projects' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: paired.title, exact: true }) })

async function openPaired(page: Page) {
  await withHeadingFont(page)
  await gotoHydrated(page, '/gallery')
  await card(page).getByRole('link').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(paired?.title ?? '')
  const comparison = dialog.getByRole('region', { name: 'Before and after' })
  const slider = comparison.getByRole('slider', { name: /^Before and after/ })
  await expect(slider).toHaveValue('50')
  return { dialog, comparison, slider }
}

/** Where the line between the photos stands, as a share of the frame's width from its left. */
async function splitShown(comparison: Locator) {
  return comparison.locator('[data-testid="before-after-frame"]').evaluate((frame) => {
    const line = frame.querySelector('[data-testid="before-after-split"]')?.getBoundingClientRect()
    const box = frame.getBoundingClientRect()
    return line ? Math.round(((line.left + line.width / 2 - box.left) / box.width) * 100) : NaN
  })
}

async function pairedId(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  const html = await (await context.request.get('/gallery')).text()
  await context.close()
  const ids = [...html.matchAll(/id="project-card-([^"]+)"[^>]*>[\s\S]*?<h3[^>]*>([^<]+)</g)]
  const id = ids.find((match) => match[2] === paired?.title)?.[1]
  if (!id) throw new Error(`no card for ${paired?.title} in the gallery's HTML`)
  return id
}

test('without JavaScript the viewer shows both photos, each labelled, and the card says so', async ({
  browser,
  baseURL,
}) => {
  const id = await pairedId(browser, baseURL)
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
  const page = await context.newPage()
  await page.goto('/gallery')
  await expect(card(page).getByText('Before & after', { exact: true })).toBeVisible()
  await page.goto(`/gallery?project=${id}`)
  const comparison = page.getByRole('dialog').getByRole('region', { name: 'Before and after' })
  await expect(comparison.locator('figcaption')).toHaveText(['Before', 'After'])
  for (const moment of ['before', 'after']) {
    const photo = comparison.getByRole('img', { name: `${paired.title}, ${moment} the work` })
    await photo.scrollIntoViewIfNeeded()
    await expect(photo).toBeVisible()
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0)
  }
  await expect(comparison.getByRole('slider')).toHaveCount(0)
  await context.close()
})

test('the two photos the server sends are accessible before the app starts', async ({
  page,
  browser,
  baseURL,
}) => {
  const id = await pairedId(browser, baseURL)
  const release = await holdRequests(page, appScriptsUrl)
  // The held scripts hold the load event: the page as the server sent it is there at once.
  await page.goto(`/gallery?project=${id}`, { waitUntil: 'commit' })
  const comparison = page.getByRole('dialog').getByRole('region', { name: 'Before and after' })
  await expect(comparison.locator('figcaption')).toHaveText(['Before', 'After'])
  await expectNoAxeViolations(page)
  release()
})

test('with JavaScript the arrow keys move the split and leave the project open', async ({
  page,
}) => {
  const { dialog, comparison, slider } = await openPaired(page)
  expect(await splitShown(comparison)).toBe(50)
  await slider.focus()
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(slider).toHaveValue('52')
  await expect.poll(() => splitShown(comparison)).toBe(52)
  await page.keyboard.press('ArrowLeft')
  await expect(slider).toHaveValue('51')
  await page.keyboard.press('Home')
  await expect.poll(() => splitShown(comparison)).toBe(0)
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(paired.title)
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('a pointer sets the split where it presses and drags it along', async ({ page }) => {
  const { comparison, slider } = await openPaired(page)
  const frame = comparison.locator('[data-testid="before-after-frame"]')
  await frame.scrollIntoViewIfNeeded()
  const box = await frame.boundingBox()
  if (!box) throw new Error('the comparison has no box')
  const y = box.y + box.height / 2
  await page.mouse.click(box.x + box.width * 0.25, y)
  await expect.poll(async () => Number(await slider.inputValue())).toBeCloseTo(25, -1)
  await page.mouse.move(box.x + box.width * 0.25, y)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width * 0.8, y, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => Number(await slider.inputValue())).toBeCloseTo(80, -1)
  await expect.poll(async () => splitShown(comparison)).toBe(Number(await slider.inputValue()))
})

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} the comparison stands in the photo's place, at its size`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const { dialog, comparison, slider } = await openPaired(page)
    const frame = await comparison.locator('[data-testid="before-after-frame"]').boundingBox()
    // The photo area: the box the first photo (the after one) fills.
    const photo = await dialog.locator(':has(> [data-testid="before-after"])').first().boundingBox()
    if (!frame || !photo) throw new Error('the comparison or the photo has no box')
    expect(Math.abs(frame.width - photo.width)).toBeLessThanOrEqual(2)
    expect(Math.abs(frame.height - photo.height)).toBeLessThanOrEqual(2)
    expect(frame.width).toBeGreaterThanOrEqual(viewport.width >= 1440 ? 900 : 560)
    // Only the one comparison is there to read and use.
    await expect(dialog.getByRole('slider')).toHaveCount(1)
    await slider.focus()
    await page.keyboard.press('ArrowLeft')
    await expect(slider).toHaveValue('49')
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(paired.title)

    // Wherever the split stands, its handle (the line at mid-height) is the pointer's to grab:
    // no project step covers it.
    const frameBox = await comparison.locator('[data-testid="before-after-frame"]').boundingBox()
    if (!frameBox) throw new Error('the comparison has no box')
    for (const at of [3, 10, 50, 90, 97]) {
      const x = frameBox.x + (frameBox.width * at) / 100
      const y = frameBox.y + frameBox.height / 2
      const hit = await page.evaluate(
        ([px, py]) =>
          document.elementFromPoint(px as number, py as number)?.closest('a')?.ariaLabel,
        [x, y],
      )
      expect(hit, `at ${at}% a link covers the handle`).toBeUndefined()
    }
  })
}

test('without JavaScript at 1440 the two photos fill the photo area side by side', async ({
  browser,
  baseURL,
}) => {
  const id = await pairedId(browser, baseURL)
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 1440, height: 900 },
  })
  const page = await context.newPage()
  await page.goto(`/gallery?project=${id}`)
  const comparison = page.getByRole('dialog').getByRole('region', { name: 'Before and after' })
  await expect(comparison).toHaveCount(1)
  for (const moment of ['before', 'after']) {
    const photo = comparison.getByRole('img', { name: `${paired.title}, ${moment} the work` })
    await expect(photo).toBeVisible()
    expect((await photo.boundingBox())?.width ?? 0, moment).toBeGreaterThanOrEqual(420)
  }
  await context.close()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 }, hasTouch: true, isMobile: true })

  test('a tap sets the split where it touches', async ({ page }) => {
    const { comparison, slider } = await openPaired(page)
    const frame = comparison.locator('[data-testid="before-after-frame"]')
    await frame.scrollIntoViewIfNeeded()
    const box = await frame.boundingBox()
    if (!box) throw new Error('the comparison has no box')
    await page.touchscreen.tap(box.x + box.width * 0.7, box.y + box.height / 2)
    await expect.poll(async () => Number(await slider.inputValue())).toBeCloseTo(70, -1)
    await expect.poll(async () => splitShown(comparison)).toBe(Number(await slider.inputValue()))
  })
})

/** Visual references of the viewer with a comparison (see e2e/visual.spec.ts to update them). */
for (const viewport of [
  { width: 360, height: 800 },
  { width: 1440, height: 900 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })

    test('the viewer with a before and after looks as its reference', async ({ page }) => {
      const { comparison } = await openPaired(page)
      await comparison.scrollIntoViewIfNeeded()
      await page.waitForLoadState('networkidle')
      await expect
        .poll(() =>
          page
            .getByRole('dialog')
            .locator('img')
            // The comparison's copy for the other widths is hidden, its photos never fetched.
            // Loaded is not yet painted: on a busy machine a photo's decoding lagged its load, and
            // the screenshot caught the frame's dark background twice in a row.
            .evaluateAll(async (images: HTMLImageElement[]) => {
              const shown = images.filter((image) => image.checkVisibility())
              await Promise.all(shown.map((image) => image.decode()))
              return shown.every((image) => image.complete && image.naturalWidth > 0)
            }),
        )
        .toBe(true)
      await expect(page).toHaveScreenshot(`viewer-before-after-${viewport.width}.png`, {
        maxDiffPixelRatio: 0.01,
        threshold: 0.2,
        animations: 'disabled',
      })
    })
  })
}
