/**
 * A slow gallery database, timed: how long a browser waits for /gallery's shell (header, hero,
 * headings and the projects' skeletons) and for its projects, when the gallery's PostgREST takes
 * 2 s to answer. e2e/streaming.spec.ts asserts the order (the shell leaves before the database
 * answers); this prints the times, against the budget the test once asserted: the shell at least
 * 300 ms ahead of the projects.
 *
 *   flock /tmp/e2e.lock npm run build
 *   ./node_modules/.bin/node bench/streaming.ts --no-build
 */
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gallerySkeletonCount } from '../src/features/gallery/gallery-pages.ts'
import { startProductionServer } from '../test/faults/production-server.ts'
import {
  answerWithShippedGallery,
  shippedGallery as manifest,
} from '../test/support/shipped-gallery-rows.ts'
import { loadAverage, mark, median, table, writeSection } from './lib/results.ts'
import { build, skipBuild } from './lib/server.ts'

const databaseDelayMs = 2000
const runs = 5
const budget = { shellAheadMs: 300 }
const browserAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Mobile Safari/537.36'

if (!skipBuild()) build()

const titles = manifest.map((project) => project.title.replaceAll('&', '&amp;'))

const database = createServer((request, response) => {
  setTimeout(() => {
    answerWithShippedGallery(request, response)
  }, databaseDelayMs)
}).listen(0, '127.0.0.1')
await once(database, 'listening')
const address = database.address()
if (address === null || typeof address === 'string') throw new Error('no address')

const measured: { shellMs: number; projectsMs: number }[] = []
for (let run = 0; run < runs; run++) {
  // A fresh server each run: nothing of the gallery cached.
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-streaming-'))
  const server = await startProductionServer({
    dataDir,
    env: {
      SUPABASE_URL: `http://127.0.0.1:${address.port}`,
      SUPABASE_ANON_KEY: 'stand-in-anon-key',
      SUPABASE_SECRET_KEY: 'sb_secret_stand-in',
    },
  })
  try {
    const started = performance.now()
    const response = await fetch(`${server.url}/gallery`, {
      headers: { 'user-agent': browserAgent, 'accept-encoding': 'br, gzip' },
    })
    let received = ''
    let shellMs = Number.NaN
    let projectsMs = Number.NaN
    const decoder = new TextDecoder()
    for await (const chunk of response.body ?? []) {
      received += decoder.decode(chunk, { stream: true })
      const at = performance.now() - started
      if (
        Number.isNaN(shellMs) &&
        (received.match(/data-skeleton=""/g)?.length ?? 0) >= gallerySkeletonCount
      )
        shellMs = at
      if (Number.isNaN(projectsMs) && titles.some((title) => received.includes(title)))
        projectsMs = at
    }
    measured.push({ shellMs, projectsMs })
    console.log(
      `run ${run + 1}: shell ${shellMs.toFixed(0)} ms, projects ${projectsMs.toFixed(0)} ms`,
    )
  } finally {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
database.close()

const ahead = measured.map(({ shellMs, projectsMs }) => projectsMs - shellMs)
const pass = ahead.every((ms) => ms >= budget.shellAheadMs)
writeSection(
  'Gallery streaming with a slow database',
  `${runs} runs, each on a fresh embedded-build server whose gallery source is a stand-in PostgREST answering after ${databaseDelayMs} ms; load average ${loadAverage()}.\n\n` +
    table(
      ['', 'median', 'slowest'],
      [
        [
          `shell (hero, headings, ${gallerySkeletonCount} skeletons)`,
          `${median(measured.map((m) => m.shellMs)).toFixed(0)} ms`,
          `${Math.max(...measured.map((m) => m.shellMs)).toFixed(0)} ms`,
        ],
        [
          'first project',
          `${median(measured.map((m) => m.projectsMs)).toFixed(0)} ms`,
          `${Math.max(...measured.map((m) => m.projectsMs)).toFixed(0)} ms`,
        ],
        [
          `shell ahead of the projects (budget ≥ ${budget.shellAheadMs} ms)`,
          `${median(ahead).toFixed(0)} ms`,
          `${Math.min(...ahead).toFixed(0)} ms (least) ${mark(pass)}`,
        ],
      ],
    ),
)
process.exit(pass ? 0 : 1)
