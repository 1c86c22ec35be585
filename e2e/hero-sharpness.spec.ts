import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * A hero's picture is sharp on a phone held upright (issue 51): the portrait box takes the hero's
 * 9:16 crop, so the photo has at least 2 source pixels per CSS pixel where the landscape file,
 * cropped to a third of its width, had about one. The head preloads the same file the `<picture>`
 * picks, so the phone fetches one hero file, not both; a desktop keeps the landscape file.
 */

const heroPages = [
  '/',
  '/about-us',
  '/services',
  '/services/kitchen-remodeling',
  '/service-areas',
  '/gallery',
  '/faq',
  '/contact-us',
]

const minimumSourcePixelsPerCssPixel = 2

type HeroPicture = { currentSrc: string; sourcePixelsPerCssPixel: number; loaded: boolean }

/**
 * The hero's chosen file, and how many of its pixels fall on each CSS pixel of its box (cover).
 * `naturalWidth` of a srcset candidate is divided by its density, so the file's own size is read
 * from a second decode of the same URL (the memory cache answers it).
 */
const measureHeroPicture = (page: Page) =>
  page
    .locator('main section')
    .first()
    .locator('picture img')
    .first()
    .evaluate(async (img: HTMLImageElement): Promise<HeroPicture> => {
      if (!img.complete || img.naturalWidth === 0)
        return { currentSrc: img.currentSrc, sourcePixelsPerCssPixel: 0, loaded: false }
      const file = new Image()
      file.src = img.currentSrc
      await file.decode()
      const box = img.getBoundingClientRect()
      const cssPixelsPerSourcePixel = Math.max(
        box.width / file.naturalWidth,
        box.height / file.naturalHeight,
      )
      return {
        currentSrc: new URL(img.currentSrc).pathname,
        sourcePixelsPerCssPixel: 1 / cssPixelsPerSourcePixel,
        loaded: true,
      }
    })

/** The hero files the page fetched, by name: `home-hero-portrait-1080.avif` → portrait. */
const heroFilesFetched = (page: Page) => {
  const fetched: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/images/site/')) fetched.push(pathname)
  })
  return fetched
}

const baseName = (path: string) =>
  path
    .replace(/^\/images\/site\//, '')
    .replace(/-portrait/, '')
    .replace(/-\d+\.(avif|webp)$/, '')

test.describe('on a phone held upright (360 × 740 at 3×)', () => {
  test.use({
    viewport: { width: 360, height: 740 },
    // The preload scanner reads the screen's media, not the viewport's: a phone's screen is its
    // viewport (Desktop Chrome's 1920 × 1080 screen would match the landscape preload as well).
    screen: { width: 360, height: 740 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  })

  for (const path of heroPages) {
    test(`${path}: the hero paints its portrait crop at ${minimumSourcePixelsPerCssPixel}× or more, fetched once`, async ({
      page,
    }) => {
      const fetched = heroFilesFetched(page)
      await page.goto(path)
      await expect.poll(async () => (await measureHeroPicture(page)).loaded).toBe(true)
      const hero = await measureHeroPicture(page)
      expect(hero.currentSrc).toMatch(/-portrait-\d+\.avif$/)
      expect(hero.sourcePixelsPerCssPixel).toBeGreaterThanOrEqual(minimumSourcePixelsPerCssPixel)

      const heroName = baseName(hero.currentSrc)
      const heroFiles = fetched.filter((file) => baseName(file) === heroName)
      expect(heroFiles, 'the hero files the phone fetched').toEqual([hero.currentSrc])
    })
  }
})

test.describe('on a desktop (1440 × 900)', () => {
  test.use({ viewport: { width: 1440, height: 900 }, screen: { width: 1440, height: 900 } })

  for (const path of ['/', '/services/kitchen-remodeling']) {
    test(`${path}: the hero keeps its landscape file and fetches no portrait crop`, async ({
      page,
    }) => {
      const fetched = heroFilesFetched(page)
      await page.goto(path)
      await expect.poll(async () => (await measureHeroPicture(page)).loaded).toBe(true)
      const hero = await measureHeroPicture(page)
      expect(hero.currentSrc).not.toContain('-portrait-')
      expect(fetched.filter((file) => file.includes('-portrait-'))).toEqual([])
    })
  }
})
