/**
 * What making photo variants costs a server process, by libvips setting (issue 23): 12
 * camera-sized photos (4000 × 3000 JPEGs of about 3.2 MB, test/support/photo-like-images.ts) made
 * into their 8 variants one photo at a time, as the server's background queue does, each setting
 * in a fresh process: wall time, CPU time, and resident memory before, at its peak and after.
 * The server runs `limitImageWork(1)` (src/features/gallery/server/photo-variants.server.ts).
 *
 *   ./node_modules/.bin/node bench/photo-variants.ts
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPhotoVariantStore } from '../src/features/gallery/server/embedded-photo-variants.server.ts'
import { limitImageWork } from '../src/features/gallery/server/photo-variants.server.ts'
import { photoLikeJpeg } from '../test/support/photo-like-images.ts'
import { table, writeSection } from './lib/results.ts'

const photos = 12
const settings = ['sharp defaults', 'limitImageWork(2)', 'limitImageWork(1)'] as const
type Setting = (typeof settings)[number]

interface Figures {
  wallSeconds: number
  cpuSeconds: number
  rssBefore: number
  rssPeak: number
  rssAfter: number
}

async function measure(setting: Setting): Promise<Figures> {
  if (setting === 'limitImageWork(1)') await limitImageWork(1)
  if (setting === 'limitImageWork(2)') await limitImageWork(2)
  const dir = mkdtempSync(join(tmpdir(), 'bench-photo-variants-'))
  try {
    const bucket = join(dir, 'bucket')
    mkdirSync(join(bucket, 'kitchen'), { recursive: true })
    const paths: string[] = []
    for (let i = 0; i < photos; i++) {
      const path = `kitchen/camera-${i}.jpg`
      writeFileSync(join(bucket, path), await photoLikeJpeg(`bucket-${i % 10}`, { scene: i % 10 }))
      paths.push(path)
    }
    const store = createPhotoVariantStore(join(dir, 'variants'), bucket)
    const rssBefore = process.memoryUsage().rss
    let rssPeak = rssBefore
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    }, 10)
    const started = performance.now()
    const cpu = process.cpuUsage()
    await Promise.all(paths.map((path) => store.prepare(path)))
    const used = process.cpuUsage(cpu)
    clearInterval(sampler)
    return {
      wallSeconds: (performance.now() - started) / 1000,
      cpuSeconds: (used.user + used.system) / 1e6,
      rssBefore,
      rssPeak,
      rssAfter: process.memoryUsage().rss,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const child = process.argv.indexOf('--child')
if (child >= 0) {
  const figures = await measure(process.argv[child + 1] as Setting)
  console.log(JSON.stringify(figures))
} else {
  const MB = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`
  // Drawn once here (then cached on disk), so no measured process draws one.
  for (let i = 0; i < Math.min(photos, 10); i++) await photoLikeJpeg(`bucket-${i}`, { scene: i })
  const rows: string[][] = []
  for (const setting of settings) {
    const run = spawnSync(process.execPath, [import.meta.filename, '--child', setting], {
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(`${setting}: ${run.stderr}`)
    const figures = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Figures
    rows.push([
      setting,
      `${figures.wallSeconds.toFixed(1)} s`,
      `${figures.cpuSeconds.toFixed(1)} s`,
      MB(figures.rssBefore),
      MB(figures.rssPeak),
      MB(figures.rssAfter),
    ])
    console.log(setting, figures)
  }
  writeSection(
    'Photo variants: what encoding costs a process',
    `${photos} camera-sized photos (4000 × 3000 JPEG, about 3.2 MB) made into their 8 variants each, one photo at a time (the server's background queue), each setting in a fresh process. \`limitImageWork(n)\`: no libvips operation cache, n threads per image. The server uses \`limitImageWork(1)\`, so an encode never takes more than one core from visitors; a build uses every core.

${table(['setting', 'wall', 'CPU', 'RSS before', 'RSS peak', 'RSS after'], rows)}`,
  )
}
