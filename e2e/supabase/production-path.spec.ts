/**
 * The production path with real parts: PostgreSQL 15 with supabase/migrations; the function's own
 * code under Deno (`deno run supabase/functions/send-contact-message/index.ts`); three production
 * server instances in Supabase mode behind a round-robin balancer. Stood in for only at the edge
 * we cannot reach: hosted Supabase's HTTP gateway (test/support/postgrest-stand-in.ts, each query
 * run in PostgreSQL as the key's role), hCaptcha's verifier and an HTTP mail API on 127.0.0.1.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import sharp from 'sharp'
import {
  type ContactRequest,
  captureContactRequest,
  replayContactRequest,
} from '#bench/lib/contact-request.ts'
import { passingTokenNumber } from '#test/contact/captcha-stand-in.ts'
import type { ServerProcess } from '#test/faults/production-server.ts'
import type { PostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import type { SchemaDatabase } from '#test/support/supabase-schema.ts'
import { eventually } from '../faults/support'
import { runGalleryImport } from '../support/gallery-import'
import { expect, type MailApi, type SupabaseProject, test } from './project'

test.describe.configure({ mode: 'serial' })

let project: SupabaseProject
let secretKey: string
let serviceRoleKey: string
let schema: SchemaDatabase
let gateway: PostgrestStandIn
let balancer: { url: string }
let instances: ServerProcess[] = []
let contact: ContactRequest
let mail: MailApi
let ownerKey: string
let tokens = 1000

/** The project's Storage (the gateway serves it from this folder). */
let storage: { dir: string }

const startInstance = (key: string, env: Record<string, string> = {}) =>
  project.startInstance(key, env)

const galleryImport = (env: Record<string, string> = {}) =>
  runGalleryImport({
    SUPABASE_URL: gateway.url,
    SUPABASE_ANON_KEY: gateway.anonKey,
    SUPABASE_SECRET_KEY: secretKey,
    ...env,
  })

/** One visitor's submission, as the browser sends it, from `visitorIp` (the balancer's X-Forwarded-For). */
const submit = (origin: string, visitorIp: string, token = passingTokenNumber(tokens++)) =>
  replayContactRequest(contact, origin, visitorIp, token)

const storedCount = async (where = 'true') =>
  Number(
    (
      await schema.database.query<{ n: number }>(
        `select count(*)::int as n from public.contact_messages where ${where}`,
      )
    ).rows[0]?.n,
  )

test.beforeAll(async ({ project: shared }) => {
  project = shared
  await project.reset()
  ;({ secretKey, serviceRoleKey, schema, gateway, balancer, instances, mail, ownerKey } = project)
  storage = { dir: project.storageDir }
  contact = await captureContactRequest(balancer.url)
})
test.afterAll(() => project.release())

test('the rate limit holds across three instances: exactly 5 a minute from one address', async () => {
  const answers = []
  for (let i = 0; i < 8; i++) answers.push(await submit(balancer.url, '198.51.100.50'))
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429])
  for (const refused of answers.slice(5)) {
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(refused.body).toContain('Too many messages')
  }
  expect(await storedCount("remote_ip = '198.51.100.50'")).toBe(5)
  // The function cannot be called around the site: without the secret key it answers 401.
  const direct = await fetch(`${gateway.url}/functions/v1/send-contact-message`, {
    method: 'POST',
    headers: {
      apikey: gateway.anonKey,
      'content-type': 'application/json',
      'x-visitor-ip': '198.51.100.50',
    },
    body: '{}',
  })
  expect(direct.status).toBe(401)
})

test('100 concurrent submissions: each stored once and notified once', async () => {
  test.setTimeout(120_000)
  const before = await storedCount()
  const sentBefore = mail.received.length
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) => submit(balancer.url, `203.0.113.${i + 1}`)),
  )
  expect(answers.filter((a) => a.status === 200)).toHaveLength(100)
  expect(await storedCount()).toBe(before + 100)
  await eventually(async () => {
    expect(await storedCount("notification_status = 'sent'")).toBe(await storedCount())
  }, 60_000)
  const ids = mail.received.slice(sentBefore).map((m) => m.id)
  expect(ids).toHaveLength(100)
  expect(new Set(ids).size).toBe(100)
})

test('a captcha token used on one instance is refused on another', async () => {
  const token = passingTokenNumber(tokens++)
  const [first, second] = [instances[0] as ServerProcess, instances[1] as ServerProcess]
  expect((await submit(first.url, '192.0.2.10', token)).status).toBe(200)
  const replay = await submit(second.url, '192.0.2.11', token)
  expect(replay.status).toBe(400)
  expect(replay.body).toContain('Captcha verification failed')
  expect(await storedCount("remote_ip in ('192.0.2.10', '192.0.2.11')")).toBe(1)
})

test('a failed notification is retried by the schedule, with no new traffic', async () => {
  test.setTimeout(60_000)
  mail.down = true
  expect((await submit(balancer.url, '192.0.2.20')).status).toBe(200)
  await eventually(async () => {
    const { rows } = await schema.database.query<{ s: string; a: number }>(
      "select notification_status as s, notification_attempts as a from public.contact_messages where remote_ip = '192.0.2.20'",
    )
    expect(rows[0]?.a).toBeGreaterThanOrEqual(1)
    expect(rows[0]?.s).toBe('pending')
  })
  const requestsBefore = gateway.requests.filter((r) =>
    r.path.endsWith('/send-contact-message'),
  ).length
  mail.down = false
  await eventually(async () => {
    expect(await storedCount("remote_ip = '192.0.2.20' and notification_status = 'sent'")).toBe(1)
  }, 30_000)
  // Only the schedule's deliver-due calls reached the function meanwhile, no message.
  expect(gateway.requests.filter((r) => r.path.endsWith('/send-contact-message')).length).toBe(
    requestsBefore,
  )
  expect(gateway.requests.some((r) => r.path.endsWith('/deliver-due'))).toBe(true)
})

/** A photo's file in the project's Storage (the gateway serves it, and renders it). */
async function storePhoto(photoPath: string) {
  mkdirSync(join(storage.dir, 'gallery', photoPath, '..'), { recursive: true })
  writeFileSync(
    join(storage.dir, 'gallery', photoPath),
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#5a7d9a' } })
      .webp()
      .toBuffer(),
  )
}

/** /gallery as each instance renders it (through the balancer, the next one may still cache the last). */
const galleryPages = () =>
  Promise.all(instances.map(async (instance) => (await fetch(`${instance.url}/gallery`)).text()))

test('a photo uploaded to the bucket shows on every instance within the TTL, and goes when removed', async () => {
  const title = 'Walnut Reading Nook'
  for (const html of await galleryPages()) expect(html).not.toContain(title)

  // What Supabase Storage writes when the owner uploads a photo in the dashboard: the file (the
  // instances ask for one render URL of it to see that the project transforms images) and its row.
  await storePhoto('carpentry/reading-nook.webp')
  await schema.database.query(
    `insert into storage.objects (bucket_id, name, metadata, user_metadata)
     values ('gallery', 'carpentry/reading-nook.webp', '{"mimetype":"image/webp"}', $1)`,
    [JSON.stringify({ title, location: 'Aurora' })],
  )
  await eventually(async () => {
    for (const html of await galleryPages()) expect(html).toContain(title)
  })

  await schema.database.query(
    `delete from storage.objects where bucket_id = 'gallery' and name = 'carpentry/reading-nook.webp'`,
  )
  rmSync(join(storage.dir, 'gallery', 'carpentry', 'reading-nook.webp'))
  await eventually(async () => {
    for (const html of await galleryPages()) expect(html).not.toContain(title)
  })
})

test('npm run gallery:import catches up photos uploaded before the gallery followed the bucket', async () => {
  await storePhoto('bathroom/early-upload.webp')
  await schema.database.query('alter table storage.objects disable trigger user')
  try {
    await schema.database.query(
      `insert into storage.objects (bucket_id, name, metadata)
       values ('gallery', 'bathroom/early-upload.webp', '{"mimetype":"image/webp"}')`,
    )
  } finally {
    await schema.database.query('alter table storage.objects enable trigger user')
  }
  expect(await galleryImport()).toContain('Supabase gallery: 1 project(s) added')
  await eventually(async () => {
    for (const html of await galleryPages()) expect(html).toContain('Early Upload')
  })
})

test('the publishable key cannot run the gallery import, so a project the owner removed stays removed', async () => {
  await storePhoto('bathroom/owner-removed.webp')
  await schema.database.query(
    `insert into storage.objects (bucket_id, name, metadata)
     values ('gallery', 'bathroom/owner-removed.webp', '{"mimetype":"image/webp"}')`,
  )
  await schema.database.query(
    `delete from public.gallery_images where filename = 'bathroom/owner-removed.webp'`,
  )
  const call = await fetch(`${gateway.url}/rest/v1/rpc/import_gallery_images_from_storage`, {
    method: 'POST',
    headers: { apikey: gateway.anonKey, 'content-type': 'application/json' },
    body: '{}',
  })
  expect(call.status).toBe(401)
  expect(await call.text()).toContain('permission denied for function')
  const { rows } = await schema.database.query(
    `select 1 from public.gallery_images where filename = 'bathroom/owner-removed.webp'`,
  )
  expect(rows).toEqual([])
  // Out of the bucket again, so the next tests count only their own photos.
  await schema.database.query(
    `delete from storage.objects where bucket_id = 'gallery' and name = 'bathroom/owner-removed.webp'`,
  )
  rmSync(join(storage.dir, 'gallery', 'bathroom/owner-removed.webp'), { force: true })
})

test('photos reach the browser as Supabase render URLs, or without transformations as the variants the import uploads', async () => {
  test.setTimeout(90_000)
  const photoPath = 'bathroom/early-upload.webp'
  const rendered = `${gateway.url}/storage/v1/render/image/public/gallery/${photoPath}`
  const page = await fetch(`${balancer.url}/gallery`)
  const html = await page.text()
  expect(html).toContain(`${rendered}?width=400&amp;resize=contain&amp;quality=70 400w`)
  expect(html).toContain(`${rendered}?width=800&amp;resize=contain&amp;quality=70 800w`)
  expect(page.headers.get('content-security-policy')).toMatch(
    new RegExp(`img-src [^;]*${gateway.url.replaceAll('.', '\\.')}`),
  )

  // A plan without image transformations: until the import has made variants, the photo itself.
  const free = await startInstance(secretKey, { SUPABASE_IMAGE_TRANSFORMATIONS: 'false' })
  const variants = `${gateway.url}/storage/v1/object/public/gallery-variants/${photoPath}`
  const before = await (await fetch(`${free.url}/gallery`)).text()
  expect(before).toContain(`src="${gateway.url}/storage/v1/object/public/gallery/${photoPath}"`)
  expect(before).not.toContain('gallery-variants')

  // The owner's photo is in the bucket; the import makes and uploads its variants.
  mkdirSync(join(storage.dir, 'gallery', 'bathroom'), { recursive: true })
  writeFileSync(
    join(storage.dir, 'gallery', photoPath),
    await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#5a7d9a' } })
      .webp()
      .toBuffer(),
  )
  expect(await galleryImport({ SUPABASE_IMAGE_TRANSFORMATIONS: 'false' })).toContain(
    'Photo variants (bucket gallery-variants): 1 photo(s) done',
  )

  await eventually(async () => {
    const after = await (await fetch(`${free.url}/gallery`)).text()
    expect(after).toContain(`${variants}/400.avif 400w, ${variants}/800.avif 800w`)
    expect(after).toContain(`src="${variants}/800.webp"`)
  })
  const card = await fetch(`${variants}/800.avif`)
  expect(card.status).toBe(200)
  expect(card.headers.get('content-type')).toBe('image/avif')
  expect((await sharp(Buffer.from(await card.arrayBuffer())).metadata()).width).toBe(800)
})

test('the legacy service_role key works; a wrong key gets a 401 and the visitor the generic error', async () => {
  test.setTimeout(90_000)
  const legacy = await startInstance(serviceRoleKey)
  expect((await submit(legacy.url, '192.0.2.30')).status).toBe(200)
  expect(await storedCount("remote_ip = '192.0.2.30'")).toBe(1)

  const wrong = await startInstance(`sb_secret_${'0'.repeat(32)}`)
  const refused = await submit(wrong.url, '192.0.2.31')
  expect(refused.status).toBe(502)
  expect(refused.body).toContain('There was an error sending your message')
  expect(await storedCount("remote_ip = '192.0.2.31'")).toBe(0)
  await eventually(async () => expect(wrong.output()).toMatch(/"status":401/))
})

test('field vitals from three instances land in the one database, and every instance reports them', async () => {
  const chrome =
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36'
  const statuses: number[] = []
  for (let i = 0; i < 9; i++) {
    const response = await fetch(`${balancer.url}/api/vitals`, {
      method: 'POST',
      // As Chromium's sendBeacon sends it from one of the site's pages (else 403, not counted).
      headers: {
        'user-agent': chrome,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'no-cors',
        'sec-fetch-dest': 'empty',
        'x-forwarded-for': `203.0.113.${120 + i}`,
      },
      body: JSON.stringify({
        route: '/faq',
        nav: 'load',
        device: 'phone',
        view: true,
        lcp: 1000 + i,
      }),
    })
    statuses.push(response.status)
  }
  expect(statuses).toEqual(Array(9).fill(204))
  // 204 once written, through the secret key's RPC: all nine are there already.
  const stored = await schema.database.query<{ n: number }>(
    `select count(*)::int as n from public.page_views where route = '/faq'`,
  )
  expect(stored.rows[0]?.n).toBe(9)
  for (const instance of instances) {
    const page = await fetch(`${instance.url}/owner-report/${ownerKey}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/9(<!-- -->)? views/)
  }
  expect((await fetch(`${balancer.url}/owner-report/not-${ownerKey}`)).status).toBe(404)
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'report'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      SUPABASE_URL: gateway.url,
      SUPABASE_SECRET_KEY: secretKey,
    },
  })
  expect(stdout).toMatch(/\/faq +█+ +9 views/)
})
