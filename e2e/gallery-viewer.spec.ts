import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, gotoHydrated, holdRequests, test, withHeadingFont } from './fixtures'
import { layoutViewports } from './support/viewports'

/**
 * The project viewer's layout, measured by the positions of its parts (never by pixels): on a
 * desktop the project's name, description and call to action are in view as it opens, beside a
 * photo that fills its box; on a phone the details follow the photo and every control is reachable.
 */
type ManifestEntry = {
  path: string
  title: string
  description: string
  additional: string[]
  before?: string
}
const manifest: ManifestEntry[] = JSON.parse(
  readFileSync('public/storage/v1/object/public/gallery/manifest.json', 'utf8'),
)
const kitchens = manifest
  .filter((entry) => entry.path.startsWith('kitchen/'))
  .sort((a, b) => a.title.localeCompare(b.title, 'en-CA'))
/** The project's photos; a before photo is shown in its comparison only. */
const photoCount = (entry: ManifestEntry) =>
  1 + entry.additional.filter((path) => path !== entry.before).length
const first = kitchens[0] as ManifestEntry
const second = kitchens[1] as ManifestEntry
const last = kitchens.at(-1) as ManifestEntry

const cards = (page: Page) => page.getByRole('list', { name: 'Projects' }).getByRole('listitem')

async function openFirstKitchen(page: Page) {
  await withHeadingFont(page)
  await gotoHydrated(page, '/gallery?category=kitchen&sort=alphabetical')
  const card = cards(page).first().getByRole('link')
  await card.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(first.title)
  return { dialog, card }
}

/** Whether the element's box lies wholly inside the window. */
async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) return false
  return (
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width + 0.5 &&
    box.y + box.height <= viewport.height + 0.5
  )
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })

    test('the name, description and call to action are in view beside a photo without bars', async ({
      page,
    }) => {
      const { dialog } = await openFirstKitchen(page)
      const heading = dialog.getByRole('heading', { level: 2 })
      const description = dialog.getByText(first.description)
      const callToAction = dialog.getByRole('link', { name: 'Get Your Free Quote' })
      for (const part of [heading, description, callToAction]) {
        await expect.poll(() => inViewport(page, part)).toBe(true)
      }
      await expect.poll(() => inViewport(page, dialog)).toBe(true)

      // Side by side: the details start right of the photo.
      const photo = dialog.getByRole('img', { name: `${first.title}, image 1 of` })
      const photoBox = await photo.boundingBox()
      const headingBox = await heading.boundingBox()
      expect(headingBox?.x).toBeGreaterThanOrEqual((photoBox?.x ?? 0) + (photoBox?.width ?? 0))

      // The photo's box has the photo's own proportions, so `contain` leaves no bars.
      await expect
        .poll(() =>
          photo.evaluate((img: HTMLImageElement) => {
            if (img.naturalWidth === 0) return Number.NaN
            const box = img.getBoundingClientRect()
            return box.width / box.height / (img.naturalWidth / img.naturalHeight)
          }),
        )
        .toBeCloseTo(1, 1)
    })
  })
}

test('focus starts on the project name; the photo counter follows the photo and the project', async ({
  page,
}) => {
  const { dialog, card } = await openFirstKitchen(page)
  await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused()

  const counter = dialog.getByText(`Photo 1 of ${photoCount(first)}`)
  await expect(counter).toBeAttached()
  await expect(dialog.getByText(`1 / ${photoCount(first)}`, { exact: true })).toBeVisible()

  await dialog.getByRole('link', { name: `Show image 2 of ${photoCount(first)}` }).click()
  await expect(dialog.getByText(`2 / ${photoCount(first)}`, { exact: true })).toBeVisible()
  await expect(dialog.getByText(`Photo 2 of ${photoCount(first)}`)).toBeAttached()

  await dialog.getByRole('link', { name: /^Next project/ }).click()
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(second.title)
  await expect(dialog.getByText(`1 / ${photoCount(second)}`, { exact: true })).toBeVisible()

  // Wrapping both ways within the filtered list.
  await dialog.getByRole('link', { name: /^Previous project/ }).click()
  await dialog.getByRole('link', { name: /^Previous project/ }).click()
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(last.title)
  await dialog.getByRole('link', { name: /^Next project/ }).click()
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(first.title)

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(card).toBeFocused()
})

test.describe('360 × 800, touch', () => {
  test.use({ viewport: { width: 360, height: 800 }, hasTouch: true })

  test("a project's photos step with their own controls, from the keyboard and by swipe, wrapping", async ({
    page,
  }) => {
    const { dialog } = await openFirstKitchen(page)
    const count = photoCount(first)
    const heading = dialog.getByRole('heading', { level: 2 })
    const shows = (photo: number) =>
      expect(dialog.getByText(`${photo} / ${count}`, { exact: true })).toBeVisible()
    const previousPhoto = dialog.getByRole('link', { name: 'Previous photo' })
    const nextPhoto = dialog.getByRole('link', { name: 'Next photo' })

    // The counter sits between the photo's own controls, on one line with them.
    const [previousBox, counterBox, nextBox] = await Promise.all(
      [previousPhoto, dialog.getByText(`1 / ${count}`, { exact: true }), nextPhoto].map((part) =>
        part.boundingBox(),
      ),
    )
    expect(counterBox?.x).toBeGreaterThanOrEqual((previousBox?.x ?? 0) + (previousBox?.width ?? 0))
    expect((counterBox?.x ?? 0) + (counterBox?.width ?? 0)).toBeLessThanOrEqual(nextBox?.x ?? 0)
    const middle = (box: typeof counterBox) => (box?.y ?? 0) + (box?.height ?? 0) / 2
    expect(Math.abs(middle(counterBox) - middle(nextBox))).toBeLessThan(4)

    await nextPhoto.click()
    await shows(2)
    await expect(page).toHaveURL(/image=2/)
    await previousPhoto.click()
    await shows(1)
    await previousPhoto.click()
    await shows(count)

    // From the keyboard, as links.
    await nextPhoto.focus()
    await page.keyboard.press('Enter')
    await shows(1)
    await expect(nextPhoto).toBeFocused()
    await page.keyboard.press('Enter')
    await shows(2)
    await previousPhoto.click()
    await shows(1)

    // A finger drawn right to left shows the next photo; left to right, the previous one.
    const photo = dialog.getByRole('img', { name: `${first.title}, image` })
    const swipe = async (fromX: number, toX: number) => {
      const box = await photo.boundingBox()
      const y = (box?.y ?? 0) + (box?.height ?? 0) / 2
      const at = (x: number) => ({
        pointerType: 'touch',
        isPrimary: true,
        pointerId: 7,
        clientX: (box?.x ?? 0) + x,
        clientY: y,
      })
      await photo.dispatchEvent('pointerdown', at(fromX))
      await photo.dispatchEvent('pointermove', at((fromX + toX) / 2))
      await photo.dispatchEvent('pointerup', at(toX))
    }
    await swipe(300, 60)
    await shows(2)
    await swipe(60, 300)
    await shows(1)
    await swipe(60, 300)
    await shows(count)
    // A short touch is a tap, not a swipe.
    await swipe(150, 170)
    await shows(count)
    await expect(heading).toHaveText(first.title)
  })
})

test("the viewer opens on the grid's own picture while the larger photo loads", async ({
  page,
}) => {
  await withHeadingFont(page)
  await gotoHydrated(page, '/gallery?category=kitchen&sort=alphabetical')
  const card = cards(page).first().getByRole('link')
  await expect
    .poll(() =>
      card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true)
  const release = await holdRequests(page, /\/(1200|1600)\.\w+$/)
  // Read in the first frame the dialog is in: its pictures as they are painted then.
  const firstFrame = page.evaluate(
    () =>
      new Promise<{ standIn: boolean; photo: boolean }>((resolve) => {
        const observer = new MutationObserver(() => {
          const pictures = document.querySelectorAll<HTMLImageElement>('[role=dialog] picture img')
          if (pictures.length < 2) return
          observer.disconnect()
          requestAnimationFrame(() => {
            const [standIn, photo] = [...pictures]
            const painted = (img: HTMLImageElement | undefined) =>
              img?.complete === true && img.naturalWidth > 0
            resolve({ standIn: painted(standIn), photo: painted(photo) })
          })
        })
        observer.observe(document.body, { childList: true, subtree: true })
      }),
  )
  await card.click()
  expect(await firstFrame).toEqual({ standIn: true, photo: false })

  const dialog = page.getByRole('dialog')
  const photo = dialog.getByRole('img', { name: `${first.title}, image 1 of` })
  const standIn = dialog.locator('picture img').first()
  const [standInBox, photoBox] = await Promise.all([standIn.boundingBox(), photo.boundingBox()])
  expect(standInBox).toEqual(photoBox)
  release()
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
})

test('closing returns to the grid without a history entry: Back then leaves the gallery', async ({
  page,
}) => {
  const kitchens = '/gallery?category=kitchen&sort=alphabetical'
  const dialog = page.getByRole('dialog')
  const historyLength = () => page.evaluate(() => history.length)

  for (const closeBy of ['the close control', 'Escape'] as const) {
    await gotoHydrated(page, '/about-us')
    await gotoHydrated(page, kitchens)
    const before = await historyLength()
    await cards(page).first().getByRole('link').click()
    await expect(dialog).toBeVisible()
    if (closeBy === 'Escape') await page.keyboard.press('Escape')
    else await dialog.getByRole('link', { name: 'Close project' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(kitchens)
    // The open view's entry is the one Back would leave, so nothing follows the grid's.
    expect(await page.evaluate(() => history.length)).toBe(before + 1)
    await page.goBack()
    await expect(page).toHaveURL(/\/about-us$/)
  }

  // A shared link's viewer closes in place of its entry.
  await page.goForward()
  const cardId = await cards(page).first().getByRole('link').getAttribute('id')
  const projectId = cardId?.replace(/^project-card-/, '') ?? ''
  await gotoHydrated(page, '/about-us')
  await gotoHydrated(page, `/gallery?project=${encodeURIComponent(projectId)}`)
  // The browser's dialog replaces the server's copy once its module has loaded; it is mounted
  // when the reading starts at the project's name. A tap before then is not yet covered.
  await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused()
  const before = await historyLength()
  await dialog.getByRole('link', { name: 'Close project' }).click()
  await expect(page).toHaveURL(/\/gallery$/)
  await expect(dialog).toBeHidden()
  expect(await historyLength()).toBe(before)
  await page.goBack()
  await expect(page).toHaveURL(/\/about-us$/)
})

for (const viewport of [
  { width: 360, height: 800 },
  { width: 768, height: 1024 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })

    test('the details follow the photo, and every control is in view', async ({ page }) => {
      const { dialog } = await openFirstKitchen(page)
      const photo = dialog.getByRole('img', { name: `${first.title}, image 1 of` })
      const heading = dialog.getByRole('heading', { level: 2 })
      const photoBox = await photo.boundingBox()
      const headingBox = await heading.boundingBox()
      const dialogBox = await dialog.boundingBox()
      expect(headingBox?.y).toBeGreaterThanOrEqual((photoBox?.y ?? 0) + (photoBox?.height ?? 0))
      expect(photoBox?.width).toBeCloseTo(dialogBox?.width ?? 0, 0)

      const callToAction = dialog.getByRole('link', { name: 'Get Your Free Quote' })
      for (const control of [
        dialog.getByRole('link', { name: /^Previous project/ }),
        dialog.getByRole('link', { name: /^Next project/ }),
        dialog.getByRole('link', { name: 'Close project' }),
        dialog.getByRole('link', { name: 'Previous photo' }),
        dialog.getByRole('link', { name: 'Next photo' }),
        callToAction,
      ]) {
        await expect.poll(() => inViewport(page, control)).toBe(true)
      }
      await callToAction.click()
      await expect(page).toHaveURL(/\/contact-us$/)
    })
  })
}

/** Visual references of the open viewer (see e2e/visual.spec.ts for how to update them). */
for (const viewport of layoutViewports.filter(({ width }) => [360, 768, 1440].includes(width))) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport })

    test('the open viewer looks as its reference', async ({ page }) => {
      const { dialog } = await openFirstKitchen(page)
      await page.waitForLoadState('networkidle')
      await expect
        .poll(() =>
          dialog
            .locator('img')
            // Decoded, not only loaded (see gallery-before-after.spec.ts's reference).
            .evaluateAll(async (images: HTMLImageElement[]) => {
              await Promise.all(images.map((image) => image.decode()))
              return images.every((image) => image.complete && image.naturalWidth > 0)
            }),
        )
        .toBe(true)
      await expect(page).toHaveScreenshot(`viewer-${viewport.width}.png`, {
        maxDiffPixelRatio: 0.01,
        threshold: 0.2,
        animations: 'disabled',
      })
    })
  })
}
