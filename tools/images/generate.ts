/**
 * Generates every image the site uses from code-drawn SVG scenes (no stock photos):
 *  - gallery bucket images + manifest.json  → public/storage/v1/object/public/gallery/
 *  - responsive site images (AVIF + WebP)   → public/images/site/
 *  - typed manifest                         → src/content/site-images.ts
 *  - Open Graph card, favicons, placeholder → public/
 *
 * Run: npm run images [-- gallery|site|brand] [-- --out <folder>]
 * `--out` writes into another folder laid out like the repository (to compare with the committed files).
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import {
  galleryTasks,
  ImageWriter,
  oneThreadPerImage,
  repositoryRoot,
  siteTasks,
  type Written,
  writeBrandImages,
  writeGalleryManifest,
  writeSiteManifest,
} from './render.ts'

const CONCURRENCY = 2

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

function printSummary(written: Written[], ms: number): void {
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
  oneThreadPerImage()
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' } },
  })
  const only = positionals[0]
  if (only && !['gallery', 'site', 'brand'].includes(only)) {
    console.error(`Unknown part "${only}": choose gallery, site or brand (or none for all).`)
    process.exit(2)
  }
  const out = new ImageWriter(values.out ? path.resolve(values.out) : repositoryRoot)
  const tasks: (() => Promise<void>)[] = []
  if (!only || only === 'gallery') tasks.push(...galleryTasks(out))
  if (!only || only === 'site') tasks.push(...siteTasks(out))
  await pool(tasks, CONCURRENCY)
  if (!only || only === 'gallery') await writeGalleryManifest(out)
  if (!only || only === 'site') await writeSiteManifest(out)
  if (!only || only === 'brand') await writeBrandImages(out)
  printSummary(out.written, Date.now() - start)
}

await main()
