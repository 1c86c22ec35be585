import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { animationsFinished, expect, test } from './fixtures'
import { layoutViewports } from './support/viewports'

/**
 * Text over a hero's photo reads: every text in the hero, and in the header that sits on it until
 * scrolled, of every kind of page, from a phone's width to a desktop's, has a WCAG contrast of at
 * least 4.5:1 against the worst pixel behind its glyphs (issue 51). The pixels are the rendered page's own, photo and shade, captured with the text made
 * transparent, so a changed photo, crop or shade is measured as the visitor would see it.
 */

const heroPages = [
  '/',
  '/services',
  '/services/kitchen-remodeling',
  '/service-areas',
  '/areas-of-service/etobicoke-kitchen-remodeling',
  '/gallery',
  '/contact-us',
  '/about-us',
  '/faq',
  '/no-such-page',
]

const minimumContrast = 4.5

type Rgba = [number, number, number, number]
type Rect = { left: number; top: number; width: number; height: number }
type HeroText = { label: string; color: Rgba; rects: Rect[] }

const channel = (value: number) => {
  const srgb = value / 255
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4
}
type Rgb = readonly [number, number, number]
const luminance = ([r, g, b]: Rgb) =>
  0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)

/**
 * The texts of the hero and the header on it, each with its computed colour and its glyphs' line
 * boxes, then made transparent (and the phone's call bar hidden) so that a screenshot shows what is
 * behind them.
 */
const takeHeroTexts = (page: Page) =>
  page
    .locator('main section')
    .first()
    .evaluate((hero): HeroText[] => {
      const texts: HeroText[] = []
      const owners = new Set<Element>()
      const header = document.querySelector('header')
      for (const root of header ? [hero, header] : [hero]) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.textContent?.trim() && node.parentElement) owners.add(node.parentElement)
        }
      }
      for (const owner of owners) {
        const style = getComputedStyle(owner)
        if (!owner.checkVisibility({ visibilityProperty: true })) continue
        const range = document.createRange()
        const rects: Rect[] = []
        for (const child of owner.childNodes) {
          if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) continue
          range.selectNodeContents(child)
          for (const { left, top, width, height } of range.getClientRects()) {
            if (width > 0 && height > 0) rects.push({ left, top, width, height })
          }
        }
        const [red = 0, green = 0, blue = 0, alpha = 1] = (style.color.match(/[\d.]+/g) ?? []).map(
          Number,
        )
        texts.push({
          label: `<${owner.tagName.toLowerCase()}> "${owner.textContent?.trim().slice(0, 40)}"`,
          color: [red, green, blue, alpha],
          rects,
        })
      }
      for (const owner of owners) {
        const element = owner as HTMLElement
        element.style.setProperty('color', 'transparent', 'important')
        element.style.setProperty('text-shadow', 'none', 'important')
        element.style.setProperty('text-decoration-color', 'transparent', 'important')
      }
      for (const element of document.querySelectorAll<HTMLElement>(
        'nav[aria-label="Call or ask for a quote"]',
      )) {
        element.style.setProperty('visibility', 'hidden', 'important')
      }
      return texts
    })

/** The lowest contrast between the text's colour (blended over each pixel) and the pixels behind it. */
function worstContrast(
  pixels: Buffer,
  imageWidth: number,
  imageHeight: number,
  scale: number,
  { color, rects }: HeroText,
) {
  let worst = Number.POSITIVE_INFINITY
  const [r, g, b, alpha] = color
  for (const rect of rects) {
    const x0 = Math.max(0, Math.floor(rect.left * scale))
    const y0 = Math.max(0, Math.floor(rect.top * scale))
    const x1 = Math.min(imageWidth, Math.ceil((rect.left + rect.width) * scale))
    const y1 = Math.min(imageHeight, Math.ceil((rect.top + rect.height) * scale))
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const at = (y * imageWidth + x) * 4
        const behind: Rgb = [
          pixels.readUInt8(at),
          pixels.readUInt8(at + 1),
          pixels.readUInt8(at + 2),
        ]
        const over = (value: number, under: number) => value * alpha + under * (1 - alpha)
        const text: Rgb = [over(r, behind[0]), over(g, behind[1]), over(b, behind[2])]
        worst = Math.min(worst, contrast(luminance(text), luminance(behind)))
      }
    }
  }
  return worst
}

const measuredViewports = layoutViewports.filter(({ width }) =>
  [360, 768, 1024, 1440].includes(width),
)

for (const viewport of measuredViewports) {
  test.describe(`hero text contrast at ${viewport.width}`, () => {
    for (const path of heroPages) {
      test(`${path}: every text in the hero reaches ${minimumContrast}:1 over its photo`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport)
        await page.goto(path)
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
        const hero = page.locator('main section').first()
        await hero.evaluate((element) =>
          Promise.all(
            [...element.querySelectorAll('img')].map((image) =>
              image.decode().catch(() => undefined),
            ),
          ),
        )
        await animationsFinished(page)
        const texts = await takeHeroTexts(page)
        expect(texts.length, 'the hero has text').toBeGreaterThan(0)
        const screenshot = await page.screenshot({ animations: 'disabled' })
        const { data, info } = await sharp(screenshot)
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
        const scale = info.width / viewport.width
        const failures = texts
          .filter((text) => text.rects.some((rect) => rect.top < viewport.height))
          .map((text) => ({
            text: text.label,
            contrast: Number(worstContrast(data, info.width, info.height, scale, text).toFixed(2)),
          }))
          .filter(({ contrast }) => contrast < minimumContrast)
        expect(failures, 'texts under 4.5:1 against the pixels behind them').toEqual([])
      })
    }
  })
}
