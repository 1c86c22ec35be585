/**
 * Generates every image the site uses from code-drawn SVG scenes (no stock photos):
 *  - gallery bucket images + manifest.json  → public/storage/v1/object/public/gallery/
 *  - responsive site images (AVIF + WebP)   → public/images/site/
 *  - typed manifest                         → src/content/site-images.ts
 *  - Open Graph card, favicons, placeholder → public/
 *
 * Run: ./node_modules/.bin/node scripts/images/generate.ts
 * Output is deterministic (seeded randomness, fixed encoder settings).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { type Project, projects } from './catalog/projects.ts'
import { siteImages } from './catalog/site.ts'
import { appleTouchIcon, faviconIco, imageNotFoundSvg, ogImage } from './lib/brand.ts'
import { bathroom } from './scenes/bathroom.ts'
import { commercial } from './scenes/commercial.ts'
import { kitchen } from './scenes/kitchen.ts'
import { residential } from './scenes/residential.ts'

type Img = ReturnType<typeof sharp>

const root = path.resolve(import.meta.dirname, '../..')
const publicDir = path.join(root, 'public')
const bucketDir = path.join(publicDir, 'storage/v1/object/public/gallery')
const siteDir = path.join(publicDir, 'images/site')
const manifestTs = path.join(root, 'src/content/site-images.ts')

const GALLERY_W = 1200
const GALLERY_H = 900
const GALLERY_MAX = 80 * 1024
// 768: a phone of 412 CSS px at 1.75 device pixels needs 721 px; the next size up was 1024.
const SITE_WIDTHS = [640, 768, 1024, 1600] as const
const CONCURRENCY = 2

// Two images at a time, one libvips thread each: the build machine has two cores.
sharp.concurrency(1)
sharp.cache(false)

type Written = { file: string; bytes: number }
const written: Written[] = []

async function save(abs: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(abs), { recursive: true })
  await writeFile(abs, data)
  written.push({ file: path.relative(root, abs), bytes: Buffer.byteLength(data) })
}

async function pool(tasks: (() => Promise<void>)[], n: number): Promise<void> {
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const task = tasks[next++]
      if (task) await task()
    }
  }
  await Promise.all(Array.from({ length: n }, worker))
}

/** Encode, stepping quality down until the file fits the budget. */
async function encode(
  input: () => Img,
  format: 'webp' | 'avif',
  quality: number,
  maxBytes: number,
): Promise<Buffer> {
  let q = quality
  for (;;) {
    const img = input()
    const buf =
      format === 'webp'
        ? await img.webp({ quality: q, effort: 4, smartSubsample: true }).toBuffer()
        : await img.avif({ quality: q, effort: 4 }).toBuffer()
    if (buf.length <= maxBytes || q <= 34) return buf
    q -= 6
  }
}

function sceneSvg(p: Project, view: string): string {
  switch (p.category) {
    case 'kitchen':
      return kitchen(p.scene, view as Parameters<typeof kitchen>[1], GALLERY_W, GALLERY_H)
    case 'bathroom':
      return bathroom(p.scene, view as Parameters<typeof bathroom>[1], GALLERY_W, GALLERY_H)
    case 'commercial':
      return commercial(p.scene, view as Parameters<typeof commercial>[1], GALLERY_W, GALLERY_H)
    default:
      return residential(p.scene, view as Parameters<typeof residential>[1], GALLERY_W, GALLERY_H)
  }
}

function galleryPaths(p: Project): { main: string; additional: string[] } {
  return {
    main: `${p.category}/${p.slug}.webp`,
    additional: p.views.slice(1).map((_, i) => `${p.category}/${p.slug}/detail-${i + 1}.webp`),
  }
}

function galleryTasks(): (() => Promise<void>)[] {
  const tasks: (() => Promise<void>)[] = []
  for (const p of projects) {
    const paths = galleryPaths(p)
    p.views.forEach((view, i) => {
      const rel = i === 0 ? paths.main : (paths.additional[i - 1] as string)
      tasks.push(async () => {
        const svg = Buffer.from(sceneSvg(p, view))
        const buf = await encode(() => sharp(svg), 'webp', 72, GALLERY_MAX)
        await save(path.join(bucketDir, rel), buf)
      })
    })
  }
  return tasks
}

async function writeGalleryManifest(): Promise<void> {
  const manifest = projects.map((p, i) => {
    const paths = galleryPaths(p)
    return {
      path: paths.main,
      additional: paths.additional,
      title: p.title,
      description: p.description,
      location: p.location,
      featured: p.featured,
      order: i + 1,
      createdAt: p.createdAt,
    }
  })
  await save(path.join(bucketDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
}

function siteSize(ratio: '16:9' | '4:3', w: number): [number, number] {
  return [w, Math.round(ratio === '16:9' ? (w * 9) / 16 : (w * 3) / 4)]
}

function siteTasks(): (() => Promise<void>)[] {
  return siteImages.map((def) => async () => {
    const [W, H] = siteSize(def.ratio, 1600)
    const { data, info } = await sharp(Buffer.from(def.svg(W, H)))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { width: info.width, height: info.height, channels: info.channels }
    for (const w of SITE_WIDTHS) {
      const [tw, th] = siteSize(def.ratio, w)
      const input = (): Img =>
        w === W ? sharp(data, { raw }) : sharp(data, { raw }).resize(tw, th, { kernel: 'lanczos3' })
      const avifMax = w === 1600 ? 90 * 1024 : w <= 768 ? 35 * 1024 : 55 * 1024
      const webpMax = w === 640 ? 25 * 1024 : w <= 1024 ? 70 * 1024 : 140 * 1024
      const avif = await encode(input, 'avif', 50, avifMax)
      await save(path.join(siteDir, `${def.name}-${w}.avif`), avif)
      const webp = await encode(input, 'webp', 70, webpMax)
      await save(path.join(siteDir, `${def.name}-${w}.webp`), webp)
    }
  })
}

async function writeSiteManifest(): Promise<void> {
  const url = (name: string, w: number, ext: string): string => `/images/site/${name}-${w}.${ext}`
  const entries = siteImages.map((def) => {
    const [w, h] = siteSize(def.ratio, 1600)
    const set = (ext: string): string =>
      SITE_WIDTHS.map((sw) => `${url(def.name, sw, ext)} ${sw}w`).join(', ')
    return `  '${def.name}': {
    src: '${url(def.name, 1024, 'webp')}',
    width: ${w},
    height: ${h},
    avifSrcSet: '${set('avif')}',
    webpSrcSet: '${set('webp')}',
    alt: ${JSON.stringify(def.alt).replace(/^"|"$/g, "'")},
  },`
  })
  const src = `// Generated by scripts/images/generate.ts — do not edit by hand.
export type SiteImage = {
  src: string
  width: number
  height: number
  avifSrcSet: string
  webpSrcSet: string
  alt: string
}

export const siteImages = {
${entries.join('\n')}
} as const satisfies Record<string, SiteImage>

export type SiteImageName = keyof typeof siteImages
`
  await mkdir(path.dirname(manifestTs), { recursive: true })
  await writeFile(manifestTs, src)
  const biome = path.join(root, 'node_modules/.bin/biome')
  if (existsSync(biome))
    spawnSync(biome, ['format', '--write', manifestTs], { cwd: root, stdio: 'ignore' })
  const formatted = await readFile(manifestTs)
  written.push({ file: path.relative(root, manifestTs), bytes: formatted.length })
}

async function brandTasks(): Promise<void> {
  const favicon = await readFile(path.join(publicDir, 'favicon.svg'))
  await save(path.join(publicDir, 'favicon.ico'), await faviconIco(favicon))
  await save(path.join(publicDir, 'apple-touch-icon.png'), await appleTouchIcon(favicon))
  await save(path.join(publicDir, 'images/image-not-found.svg'), imageNotFoundSvg)
  await save(path.join(publicDir, 'images/og-default.png'), await ogImage())
}

function printSummary(ms: number): void {
  const rows = [...written].sort((a, b) => a.file.localeCompare(b.file))
  const width = Math.max(...rows.map((r) => r.file.length))
  const lines = rows.map((r) => `${r.file.padEnd(width)}  ${String(r.bytes).padStart(8)}`)
  const folders = new Map<string, { n: number; bytes: number }>()
  for (const r of rows) {
    const dir = path.dirname(r.file)
    const top = dir.startsWith('public/storage') ? 'public/storage/v1/object/public/gallery' : dir
    const f = folders.get(top) ?? { n: 0, bytes: 0 }
    f.n++
    f.bytes += r.bytes
    folders.set(top, f)
  }
  console.log(`${'file'.padEnd(width)}  ${'bytes'.padStart(8)}`)
  console.log(lines.join('\n'))
  console.log('\nTotals by folder:')
  for (const [dir, f] of folders)
    console.log(
      `  ${dir.padEnd(48)} ${String(f.n).padStart(4)} files ${String(f.bytes).padStart(10)} bytes`,
    )
  const total = rows.reduce((s, r) => s + r.bytes, 0)
  console.log(`\n${rows.length} files, ${total} bytes, ${(ms / 1000).toFixed(1)} s`)
}

async function main(): Promise<void> {
  const start = Date.now()
  const only = process.argv[2]
  const tasks: (() => Promise<void>)[] = []
  if (!only || only === 'gallery') tasks.push(...galleryTasks())
  if (!only || only === 'site') tasks.push(...siteTasks())
  await pool(tasks, CONCURRENCY)
  if (!only || only === 'gallery') await writeGalleryManifest()
  if (!only || only === 'site') await writeSiteManifest()
  if (!only || only === 'brand') await brandTasks()
  printSummary(Date.now() - start)
}

await main()
