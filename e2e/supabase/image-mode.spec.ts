/**
 * No setting may give the gallery broken photos. Supabase Storage transforms images only on the
 * Pro plan and up with its setting on; otherwise every /storage/v1/render/image/ URL answers 403
 * FeatureNotEnabled. The production server, in Supabase mode against PostgreSQL 15 with our
 * migrations and the gateway stand-in serving Storage from a folder (render URLs resized with
 * sharp, or refused with that 403: test/support/storage-stand-in.ts), must find out which way
 * works, say so in its log and in /readyz, and offer only URLs that answer with an image.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import type { ServerProcess } from '#test/faults/production-server.ts'
import type { PostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import type { SchemaDatabase } from '#test/support/supabase-schema.ts'
import { cleanups, eventually, temporaryDataDir } from '../faults/support'
import { runGalleryImport } from '../support/gallery-import'
import { expect, type SupabaseProject, test } from './project'

test.describe.configure({ mode: 'serial' })

const clean = cleanups()
let project: SupabaseProject
let secretKey: string
let schema: SchemaDatabase
let gateway: PostgrestStandIn
let storage: { dir: string; remove(): void }

/** What the dashboard does on an upload: the file in Storage, its row in storage.objects. */
async function uploadPhoto(path: string, title: string, color: string) {
  const file = join(storage.dir, 'gallery', path)
  mkdirSync(dirname(file), { recursive: true })
  const photo = sharp({ create: { width: 1800, height: 1350, channels: 3, background: color } })
  writeFileSync(file, await (path.endsWith('.jpg') ? photo.jpeg() : photo.webp()).toBuffer())
  await schema.database.query(
    `insert into storage.objects (bucket_id, name, metadata, user_metadata)
     values ('gallery', $1, '{"mimetype":"image/webp"}', $2)`,
    [path, JSON.stringify({ title })],
  )
}

/**
 * An instance on this spec's own gateway (the worker's project database, this spec's Storage).
 * No function behind this gateway: a long interval keeps the delivery schedule quiet.
 */
const startInstance = (env: Record<string, string> = {}) =>
  project.startInstance(secretKey, {
    SUPABASE_URL: gateway.url,
    SUPABASE_ANON_KEY: gateway.anonKey,
    CONTACT_RETRY_INTERVAL_MS: '3600000',
    ...env,
  })

const readiness = async (instance: ServerProcess) => (await fetch(`${instance.url}/readyz`)).json()

/** Every URL of an <img> or <source> on the page (src and each srcset entry). */
function imageUrls(html: string): string[] {
  const urls = new Set<string>()
  for (const [, attribute = '', value = ''] of html.matchAll(
    /<(?:img|source)\b[^>]*?\s(src|srcset)="([^"]*)"/g,
  )) {
    const decoded = value.replaceAll('&amp;', '&')
    const candidates = attribute === 'src' ? [decoded] : decoded.split(',')
    for (const candidate of candidates) {
      const url = candidate.trim().split(/\s+/)[0]
      if (url) urls.add(url)
    }
  }
  return [...urls]
}

/** /gallery and the project viewer of each project: every photo URL they offer. */
async function galleryImageUrls(instance: ServerProcess): Promise<string[]> {
  const gallery = await (await fetch(`${instance.url}/gallery`)).text()
  const viewers = [...gallery.matchAll(/href="(\/gallery\?[^"]*project=[^"]+)"/g)].map(
    ([, href = '']) => href.replaceAll('&amp;', '&'),
  )
  const pages = await Promise.all(
    [...new Set(viewers)].map(async (href) => (await fetch(`${instance.url}${href}`)).text()),
  )
  return [...new Set([gallery, ...pages].flatMap(imageUrls))].filter((url) =>
    url.startsWith(gateway.url),
  )
}

async function expectEveryPhotoAnImage(urls: string[]) {
  expect(urls.length).toBeGreaterThan(0)
  const answers = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } })
      await response.arrayBuffer()
      return `${response.status} ${response.headers.get('content-type')?.split('/')[0]} ${url}`
    }),
  )
  expect(answers.filter((answer) => !answer.startsWith('200 image '))).toEqual([])
}

test.beforeAll(async ({ project: shared }) => {
  project = shared
  await project.reset()
  ;({ secretKey, schema } = project)
  // A gateway of this spec's own: its Storage setting and outage are this spec's alone.
  storage = clean.add(temporaryDataDir('image-mode-storage'), (d) => d.remove())
  gateway = await project.startGateway({ secretKey, storageDir: storage.dir })
  await uploadPhoto('kitchen/maple-shaker.webp', 'Maple Shaker Kitchen', '#b08850')
  await uploadPhoto('bathroom/slate-shower.jpg', 'Slate Shower', '#55606a')
  await uploadPhoto('bathroom/slate-shower/detail-1.webp', 'Slate Shower Detail', '#707a84')
})
test.afterAll(async () => {
  await project.release()
  await clean.run()
})

test('a plan without image transformations, by default: the site finds out, and every photo is an image', async () => {
  test.setTimeout(120_000)
  gateway.setImageTransformations(false)
  const site = await startInstance()
  const forced = await startInstance({ SUPABASE_IMAGE_TRANSFORMATIONS: 'true' })

  for (const instance of [site, forced]) {
    await eventually(async () => {
      // No contact function behind the stand-in: the contact checks' status is not this spec's.
      expect(await readiness(instance)).toMatchObject({ mode: 'supabase', images: 'variants' })
    }, 20_000)
    const gallery = await (await fetch(`${instance.url}/gallery`)).text()
    expect(gallery).toContain('Maple Shaker Kitchen')
    expect(gallery).not.toContain('/render/image/')
    // Before any import: the photos themselves.
    expect(gallery).toContain(
      `src="${gateway.url}/storage/v1/object/public/gallery/kitchen/maple-shaker.webp"`,
    )
    await expectEveryPhotoAnImage(await galleryImageUrls(instance))
  }
  expect(site.output()).toMatch(
    /Gallery images: variants \(Supabase refused to transform \S+: HTTP 403 FeatureNotEnabled/,
  )
  expect(forced.output()).toMatch(/Gallery images: variants .*SUPABASE_IMAGE_TRANSFORMATIONS=true/)

  // The import finds out the same way, and makes the variants the site falls back to.
  const imported = await runGalleryImport({
    SUPABASE_URL: gateway.url,
    SUPABASE_ANON_KEY: gateway.anonKey,
    SUPABASE_SECRET_KEY: secretKey,
  })
  expect(imported).toContain('Image transformations: refused (HTTP 403 FeatureNotEnabled')
  expect(imported).toContain('Photo variants (bucket gallery-variants): 3 photo(s) done')

  const variants = `${gateway.url}/storage/v1/object/public/gallery-variants`
  await eventually(async () => {
    const gallery = await (await fetch(`${site.url}/gallery`)).text()
    expect(gallery).toContain(`src="${variants}/kitchen/maple-shaker.webp/800.webp"`)
  })

  // A photo uploaded since the import has no variants yet: it shows as it is, never a 403.
  await uploadPhoto('carpentry/cedar-bench.webp', 'Cedar Bench', '#9a6a40')
  await eventually(async () => {
    const gallery = await (await fetch(`${site.url}/gallery`)).text()
    expect(gallery).toContain('Cedar Bench')
    expect(gallery).toContain(
      `src="${gateway.url}/storage/v1/object/public/gallery/carpentry/cedar-bench.webp"`,
    )
  })
  const urls = await galleryImageUrls(site)
  expect(urls.some((url) => url.startsWith(`${variants}/`))).toBe(true)
  await expectEveryPhotoAnImage(urls)
})

test('image transformations on: the probe sees an image, and the photos are render URLs', async ({
  page,
}) => {
  test.setTimeout(90_000)
  gateway.setImageTransformations(true)
  const site = await startInstance()
  await eventually(async () => {
    expect(await readiness(site)).toMatchObject({ mode: 'supabase', images: 'render' })
  }, 20_000)
  expect(site.output()).toMatch(/Gallery images: render \(Supabase transformed \S+/)

  const urls = await galleryImageUrls(site)
  expect(urls.every((url) => url.includes('/storage/v1/render/image/public/gallery/'))).toBe(true)
  await expectEveryPhotoAnImage(urls)

  // In a browser: the cards' photos load (a 403 would fail the page's clean-load check).
  await page.goto(`${site.url}/gallery`)
  const firstCard = page.locator('img[src*="/storage/v1/render/image/"]').first()
  await firstCard.scrollIntoViewIfNeeded()
  await expect
    .poll(() => firstCard.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)

  // The project turns them off (a downgrade, the Storage setting), and Storage has an outage:
  // after a failed load the instance asks again, and stops offering render URLs.
  gateway.setImageTransformations(false)
  gateway.fail({ status: 503 })
  await eventually(async () => {
    await (await fetch(`${site.url}/gallery`)).text()
    expect(site.output()).toMatch(/Gallery refresh failed/)
  })
  gateway.fail(undefined)
  await eventually(async () => {
    await (await fetch(`${site.url}/gallery`)).text()
    expect((await readiness(site)).images).toBe('variants')
  }, 20_000)
  const after = await galleryImageUrls(site)
  expect(after.some((url) => url.includes('/render/image/'))).toBe(false)
  await expectEveryPhotoAnImage(after)
})
