/**
 * Draws the site's pictures from code-drawn SVG scenes and encodes them, into any output root laid
 * out like the repository (the generator passes the repository, the smoke test a temporary folder).
 * Output is deterministic (seeded randomness, fixed encoder settings).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeScenes } from './catalog/before-scenes.ts'
import { type Project, projects } from './catalog/projects.ts'
import { type SiteImageDef, siteImages } from './catalog/site.ts'
import { appleTouchIcon, faviconIco, imageNotFoundSvg, ogImage } from './lib/brand.ts'
import { bathroom } from './scenes/bathroom.ts'
import { commercial } from './scenes/commercial.ts'
import { kitchen } from './scenes/kitchen.ts'
import { residential } from './scenes/residential.ts'

type Img = ReturnType<typeof sharp>

export const repositoryRoot = path.resolve(import.meta.dirname, '../..')

export const outputPaths = {
  galleryBucket: 'public/storage/v1/object/public/gallery',
  siteImages: 'public/images/site',
  siteManifest: 'src/content/site-images.ts',
} as const

export const GALLERY_W = 1200
export const GALLERY_H = 900
export const GALLERY_MAX_BYTES = 80 * 1024
// 768: a phone of 412 CSS px at 1.75 device pixels needs 721 px; the next size up was 1024.
const SITE_WIDTHS = [640, 768, 1024, 1600] as const
/**
 * A hero fills a portrait box on a phone held upright (360 × 702 CSS px and taller at 360 × 780),
 * which a landscape file fills at 0.36 source pixels per device pixel. Its portrait crops, 9:16
 * from the middle of the picture: 828 for 412–414 px phones at 1.75–2×, 1080 for 360–430 px at 3×.
 */
const PORTRAIT_WIDTHS = [828, 1080] as const
const PORTRAIT_HEIGHT = 1920

/**
 * One libvips thread per image: the generator encodes two images at a time on a two-core machine.
 * Process-wide, so the generator sets it, not this module's import (vitest runs other test files
 * in the same process).
 */
export function oneThreadPerImage() {
  sharp.concurrency(1)
  sharp.cache(false)
}

export type Written = { file: string; bytes: number }

/** Writes files under one output root and records what it wrote, relative to that root. */
export class ImageWriter {
  readonly written: Written[] = []
  readonly outRoot: string
  constructor(outRoot: string) {
    this.outRoot = outRoot
  }

  async save(relativePath: string, data: Buffer | string): Promise<void> {
    const abs = path.join(this.outRoot, relativePath)
    await mkdir(path.dirname(abs), { recursive: true })
    await writeFile(abs, data)
    this.written.push({ file: relativePath, bytes: Buffer.byteLength(data) })
  }
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

/** One task per picture of a project: its main photo, then its further ones. */
export function galleryProjectTasks(p: Project, out: ImageWriter): (() => Promise<void>)[] {
  const paths = galleryPaths(p)
  return p.views.map((view, i) => async () => {
    const rel = i === 0 ? paths.main : (paths.additional[i - 1] as string)
    const svg = Buffer.from(sceneSvg(p, view))
    const buf = await encode(() => sharp(svg), 'webp', 72, GALLERY_MAX_BYTES)
    await out.save(path.join(outputPaths.galleryBucket, rel), buf)
  })
}

const beforePath = (p: { category: string; slug: string }) => `${p.category}/${p.slug}/before.webp`

/** The main photo's view before the work, for the projects that show one. */
function beforePhotoTasks(out: ImageWriter): (() => Promise<void>)[] {
  return beforeScenes.map((before) => async () => {
    const svg = Buffer.from(kitchen(before.scene, 'main', GALLERY_W, GALLERY_H))
    const buf = await encode(() => sharp(svg), 'webp', 72, GALLERY_MAX_BYTES)
    await out.save(path.join(outputPaths.galleryBucket, beforePath(before)), buf)
  })
}

export function galleryTasks(out: ImageWriter): (() => Promise<void>)[] {
  return [...projects.flatMap((p) => galleryProjectTasks(p, out)), ...beforePhotoTasks(out)]
}

/** The bucket's manifest.json: each project's photos, copy and facts, as the gallery import reads them. */
export function galleryManifestSource(): string {
  const manifest = projects.map((p, i) => {
    const paths = galleryPaths(p)
    const before = beforeScenes.some((b) => b.slug === p.slug) ? beforePath(p) : undefined
    return {
      path: paths.main,
      additional: before ? [...paths.additional, before] : paths.additional,
      ...(before ? { before } : {}),
      title: p.title,
      description: p.description,
      location: p.location,
      scope: p.scope,
      weeks: p.weeks,
      budgetFrom: p.budgetFrom,
      budgetTo: p.budgetTo,
      featured: p.featured,
      order: i + 1,
      createdAt: p.createdAt,
    }
  })
  return `${JSON.stringify(manifest, null, 2)}\n`
}

export async function writeGalleryManifest(out: ImageWriter): Promise<void> {
  await out.save(path.join(outputPaths.galleryBucket, 'manifest.json'), galleryManifestSource())
}

function siteSize(ratio: SiteImageDef['ratio'], w: number): [number, number] {
  return [w, Math.round(ratio === '16:9' ? (w * 9) / 16 : (w * 3) / 4)]
}

/** A site picture at every width, AVIF and WebP. */
async function renderSiteImage(def: SiteImageDef, out: ImageWriter): Promise<void> {
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
    await out.save(path.join(outputPaths.siteImages, `${def.name}-${w}.avif`), avif)
    const webp = await encode(input, 'webp', 70, webpMax)
    await out.save(path.join(outputPaths.siteImages, `${def.name}-${w}.webp`), webp)
  }
}

/** Every 16:9 picture opens a page as its hero (the home page, a service page…). */
const hasPortraitCrops = (def: SiteImageDef): boolean => def.ratio === '16:9'

const portraitSize = (w: number): [number, number] => [w, Math.round((w * 16) / 9)]

/** A hero's portrait crops: the middle of the picture drawn at the crops' height, AVIF and WebP. */
async function renderPortraitCrops(def: SiteImageDef, out: ImageWriter): Promise<void> {
  const [W, H] = [Math.round((PORTRAIT_HEIGHT * 16) / 9), PORTRAIT_HEIGHT]
  const [cropW] = portraitSize(PORTRAIT_WIDTHS[PORTRAIT_WIDTHS.length - 1] ?? 1080)
  const { data, info } = await sharp(Buffer.from(def.svg(W, H)))
    .removeAlpha()
    .extract({ left: Math.round((W - cropW) / 2), top: 0, width: cropW, height: H })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { width: info.width, height: info.height, channels: info.channels }
  for (const w of PORTRAIT_WIDTHS) {
    const [tw, th] = portraitSize(w)
    const input = (): Img =>
      tw === info.width
        ? sharp(data, { raw })
        : sharp(data, { raw }).resize(tw, th, { kernel: 'lanczos3' })
    const avif = await encode(input, 'avif', 50, w === 1080 ? 60 * 1024 : 45 * 1024)
    await out.save(path.join(outputPaths.siteImages, `${def.name}-portrait-${w}.avif`), avif)
    const webp = await encode(input, 'webp', 70, 110 * 1024)
    await out.save(path.join(outputPaths.siteImages, `${def.name}-portrait-${w}.webp`), webp)
  }
}

export function siteTasks(out: ImageWriter): (() => Promise<void>)[] {
  return siteImages.flatMap((def) => [
    () => renderSiteImage(def, out),
    ...(hasPortraitCrops(def) ? [() => renderPortraitCrops(def, out)] : []),
  ])
}

/**
 * The typed manifest of the site pictures, formatted as Biome formats the repository: each
 * picture's name and ratio, from which the site derives the files this generator writes.
 */
export function siteManifestSource(): string {
  const entries = siteImages.map(
    (def) =>
      `  ${/^[a-z]+$/.test(def.name) ? def.name : `'${def.name}'`}: siteImage('${def.name}', '${def.ratio}'),`,
  )
  const src = `// Generated by tools/images (npm run images) — do not edit by hand; alt text: image-alt.content.ts.
import { siteImageAlt } from './image-alt.content'
import type { PortraitSources } from './responsive-image'

export type SiteImage = {
  src: string
  width: number
  height: number
  avifSrcSet: string
  webpSrcSet: string
  /** A hero's 9:16 crops, for the portrait box it fills on a phone held upright. */
  portrait?: PortraitSources
  alt: string
}

const srcSet = (name: string, widths: readonly number[], format: 'avif' | 'webp') =>
  widths.map((w) => \`/images/site/\${name}-\${w}.\${format} \${w}w\`).join(', ')
const landscape = (name: string, format: 'avif' | 'webp') => srcSet(name, ${JSON.stringify(SITE_WIDTHS)}, format)
const portrait = (name: string, format: 'avif' | 'webp') =>
  srcSet(\`\${name}-portrait\`, ${JSON.stringify(PORTRAIT_WIDTHS)}, format)

/** A picture drawn ${SITE_WIDTHS.at(-1)} px wide; a 16:9 one opens a page as its hero and has portrait crops. */
function siteImage(name: keyof typeof siteImageAlt, ratio: '16:9' | '4:3'): SiteImage {
  return {
    src: \`/images/site/\${name}-1024.webp\`,
    width: ${SITE_WIDTHS.at(-1)},
    height: ratio === '16:9' ? ${siteSize('16:9', 1600)[1]} : ${siteSize('4:3', 1600)[1]},
    avifSrcSet: landscape(name, 'avif'),
    webpSrcSet: landscape(name, 'webp'),
    ...(ratio === '16:9' && {
      portrait: { avifSrcSet: portrait(name, 'avif'), webpSrcSet: portrait(name, 'webp') },
    }),
    alt: siteImageAlt[name],
  }
}

export const siteImages = {
${entries.join('\n')}
}

export type SiteImageName = keyof typeof siteImages
`
  const biome = path.join(repositoryRoot, 'node_modules/.bin/biome')
  if (!existsSync(biome)) return src
  const formatted = spawnSync(biome, ['format', `--stdin-file-path=${outputPaths.siteManifest}`], {
    cwd: repositoryRoot,
    input: src,
    encoding: 'utf8',
  })
  return formatted.status === 0 && formatted.stdout ? formatted.stdout : src
}

export async function writeSiteManifest(out: ImageWriter): Promise<void> {
  await out.save(outputPaths.siteManifest, siteManifestSource())
}

export async function writeBrandImages(out: ImageWriter): Promise<void> {
  const favicon = await readFile(path.join(repositoryRoot, 'public/favicon.svg'))
  await out.save('public/favicon.ico', await faviconIco(favicon))
  await out.save('public/apple-touch-icon.png', await appleTouchIcon(favicon))
  await out.save('public/images/image-not-found.svg', imageNotFoundSvg)
  await out.save('public/images/og-default.png', await ogImage())
}
