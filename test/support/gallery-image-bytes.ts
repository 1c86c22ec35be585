import type { Page, Request } from '@playwright/test'

export interface ImageTransfer {
  url: string
  /** Bytes received: the response's headers and its body as sent (compressed or not). */
  bytes: number
}

/**
 * Opens `url`, scrolls to the end of the page a step at a time so that every lazily loaded image
 * is asked for, waits until the images have arrived, and returns every image the page fetched
 * with the bytes it took. For the gallery test and bench/gallery-bytes.ts.
 */
export async function imageBytesToTheEnd(
  page: Page,
  url: string,
): Promise<{ images: ImageTransfer[]; total: number; failed: string[] }> {
  const transfers: Promise<ImageTransfer>[] = []
  const failed: string[] = []
  const onFinished = (request: Request) => {
    if (request.resourceType() !== 'image') return
    transfers.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
      })),
    )
  }
  const onFailed = (request: Request) => {
    if (request.resourceType() === 'image') failed.push(request.url())
  }
  page.on('requestfinished', onFinished)
  page.on('requestfailed', onFailed)
  try {
    await page.goto(url, { waitUntil: 'load' })
    await page.evaluate(async () => {
      // Two frames: the browser has looked at what the scroll brought near and asked for it.
      const pause = () =>
        new Promise((resume) => requestAnimationFrame(() => requestAnimationFrame(resume)))
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo({ top: y, behavior: 'instant' })
        await pause()
      }
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' })
    })
    await page.waitForFunction(
      () => [...document.images].every((image) => image.complete),
      undefined,
      { timeout: 120_000 },
    )
    await page.waitForLoadState('networkidle')
  } finally {
    page.off('requestfinished', onFinished)
    page.off('requestfailed', onFailed)
  }
  const images = await Promise.all(transfers)
  return { images, total: images.reduce((sum, image) => sum + image.bytes, 0), failed }
}
