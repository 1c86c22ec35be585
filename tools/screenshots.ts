/// <reference lib="dom" />
/**
 * `./node_modules/.bin/node tools/screenshots.ts [origin] [paths...]`: full-page screenshots of a
 * running server at 360 px and 1440 px into .screenshots/, to look at what visitors see.
 */
import { existsSync, mkdirSync } from 'node:fs'
import { chromium } from '@playwright/test'

const [origin = 'http://127.0.0.1:3000', ...given] = process.argv.slice(2)
const paths =
  given.length > 0
    ? given
    : [
        '/',
        '/about-us',
        '/services',
        '/services/kitchen-remodeling',
        '/gallery',
        '/faq',
        '/service-areas',
        '/areas-of-service/concord-kitchen-remodeling',
        '/contact-us',
        '/privacy-policy',
        '/sitemap',
        '/no-such-page',
      ]
const outDir = '.screenshots'
mkdirSync(outDir, { recursive: true })

const browser = await chromium.launch({
  executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
  args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
})
for (const width of [360, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width === 360 ? 740 : 900 } })
  for (const path of paths) {
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' })
    // Scroll through once so lazy images load, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 60))
      }
      window.scrollTo(0, 0)
    })
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(300)
    const name = `${width}-${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}.png`
    await page.screenshot({ path: `${outDir}/${name}`, fullPage: true })
    console.log(`${outDir}/${name}`)
  }
  await page.close()
}
await browser.close()
