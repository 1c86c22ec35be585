/**
 * What the field-vitals reporter costs a page (issue 24; budget: the vitals code adds at most
 * 3 kB gzip to a page, and nothing before the first paint). Three parts, gzip level 9:
 *
 * - every page's scripts: the browser's build twice, as it is and with the component that loads
 *   the reporter (components/FieldVitals.tsx) replaced by one that renders nothing; the
 *   difference of the client entry and everything it imports (what every page loads).
 * - the lazy part: the reporter's chunk and any chunk it needs that a page does not load anyway;
 *   beside it, the web-vitals functions the reporter imports bundled and minified alone, the part
 *   no code of ours can shrink.
 * - the head script's counting of early taps (inline in every page, the only part before the
 *   first paint): the script as it is against the same script without its counts.
 *
 * Then, in Chromium against the production build, for each route: the reporter's chunk is
 * requested only after the app has started and after the first contentful paint.
 *
 *   flock /tmp/site-build.lock ./node_modules/.bin/node bench/vitals-bytes.ts [--no-build]
 *   ./node_modules/.bin/node bench/vitals-bytes.ts --bytes-only   (no browser, no lock needed)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { type Rolldown, build as viteBuild } from 'vite'
import { buildClientWith } from './lib/client-build.ts'
import { kB, mark, table, writeSection } from './lib/results.ts'
import { benchRoutes } from './lib/routes.ts'
import { build, skipBuild, startServer } from './lib/server.ts'
import './lib/source-imports.ts'

const { replayEarlyTaps } = await import('#src/lib/boot/replay-early-taps.ts')

const budget = 3_000
const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined
const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length
const webVitalsVersion: string = JSON.parse(
  readFileSync('node_modules/web-vitals/package.json', 'utf8'),
).version

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }
type Manifest = Record<string, ManifestChunk>

/** A client build's chunks: the entry with everything it imports, and any chunk's own closure. */
function readClientBuild(outDir: string) {
  const manifest: Manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'))
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen
    seen.add(key)
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen)
    return seen
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
  if (!entryKey) throw new Error(`no entry in ${outDir}/.vite/manifest.json`)
  const bytes = (keys: Iterable<string>) =>
    [...keys].reduce(
      (sum, key) => sum + gzip(readFileSync(join(outDir, manifest[key]?.file ?? ''))),
      0,
    )
  return { manifest, entryKey, closure, bytes }
}

/** The head script with its counts taken out: what it would be without the field reporter. */
function headScriptWithoutCounts(script: string) {
  const counts: [string, string][] = [
    ['={taps:0,dropped:0}', '={}'],
    ["if(e.type==='click')c.taps++;", ''],
    ['else c.dropped++', ''],
    ['{c.dropped++;return}', 'return'],
  ]
  let stripped = script
  for (const [count, without] of counts) {
    if (!stripped.includes(count)) {
      throw new Error(`the head script no longer has \`${count}\`: update this bench`)
    }
    stripped = stripped.replace(count, without)
  }
  return stripped
}

/** The web-vitals functions the reporter imports, and from where (its import lines say). */
const reporterFile = 'src/features/field-vitals/report-vitals.ts'
const webVitalsImports = [
  ...readFileSync(reporterFile, 'utf8').matchAll(/^import \{([^}]*)\} from '(web-vitals[^']*)'$/gm),
].map(([, names = '', from]) => ({
  names: names
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type ')),
  from,
}))
const webVitalsImported = webVitalsImports.flatMap(({ names }) => names)
if (webVitalsImported.length === 0) throw new Error(`no web-vitals import in ${reporterFile}`)

/** Those functions as the client build minifies them, with nothing of ours. */
async function webVitalsAlone() {
  const entry = '\0web-vitals-alone'
  const result = await viteBuild({
    configFile: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'web-vitals-alone',
        resolveId: (id) => (id === entry ? id : undefined),
        load: (id) =>
          id === entry
            ? webVitalsImports
                .filter(({ names }) => names.length > 0)
                .map(({ names, from }) => `export { ${names.join(', ')} } from '${from}'`)
                .join('\n')
            : undefined,
      },
    ],
    build: { write: false, rolldownOptions: { input: entry, preserveEntrySignatures: 'strict' } },
  })
  const chunks = ([result].flat() as Rolldown.RolldownOutput[])
    .flatMap((output) => output.output)
    .filter((file) => file.type === 'chunk')
  return chunks.reduce((sum, chunk) => sum + gzip(chunk.code), 0)
}

async function measureBytes() {
  const dir = mkdtempSync(join(tmpdir(), 'vitals-bytes-'))
  try {
    const withReporter = readClientBuild(
      await buildClientWith({ moduleEnding: '\0nothing', source: '' }, join(dir, 'with')),
    )
    const without = readClientBuild(
      await buildClientWith(
        {
          moduleEnding: 'field-vitals/components/FieldVitals',
          source: 'export const FieldVitals = () => null',
        },
        join(dir, 'without'),
      ),
    )
    const everyPage = withReporter.closure(withReporter.entryKey)
    const entryGain =
      withReporter.bytes(everyPage) - without.bytes(without.closure(without.entryKey))
    if (!withReporter.manifest[reporterFile]) throw new Error(`no ${reporterFile} chunk`)
    const lazyKeys = [...withReporter.closure(reporterFile)].filter((key) => !everyPage.has(key))
    const lazy = withReporter.bytes(lazyKeys)
    const inline = gzip(replayEarlyTaps) - gzip(headScriptWithoutCounts(replayEarlyTaps))
    return {
      entryGain,
      lazy,
      library: await webVitalsAlone(),
      lazyFiles: lazyKeys.map((key) => withReporter.manifest[key]?.file.split('/').pop()),
      inline,
      total: entryGain + lazy + inline,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Chromium, each route once: when the reporter is requested against paint and app start. */
async function measureTiming() {
  if (!skipBuild()) build()
  const server = await startServer({}, { quietStderr: true })
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
  })
  const rows: (string | number)[][] = []
  let allAfter = true
  try {
    for (const route of benchRoutes) {
      const page = await browser.newPage()
      await page.route(/^https:\/\/([^/]+\.)?hcaptcha\.com\//, (request) => request.abort())
      await page.addInitScript(() => {
        const seen = window as unknown as { hydratedAt?: number }
        document.addEventListener('app:hydrated', () => {
          seen.hydratedAt = performance.now()
        })
      })
      await page.goto(`${server.origin}${route}`, { waitUntil: 'networkidle' })
      const timing = await page.evaluate(() => ({
        hydratedAt: (window as unknown as { hydratedAt?: number }).hydratedAt ?? Number.NaN,
        firstPaint:
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }))
      await page.close()
      const after = timing.scripts.filter((script) => script.start >= timing.hydratedAt)
      const reporter = timing.scripts.filter((script) => script.path.includes('/report-vitals'))
      const reporterBytes = reporter.reduce(
        (sum, script) => sum + gzip(readFileSync(join('.output/public', script.path))),
        0,
      )
      const reporterFirst = Math.min(...reporter.map((script) => script.start))
      const inOrder = reporterFirst > timing.firstPaint && reporterFirst >= timing.hydratedAt
      allAfter &&= inOrder
      rows.push([
        route,
        reporter.map((script) => `\`${script.path.split('/').pop()}\``).join(', ') || '**none**',
        kB(reporterBytes),
        `${timing.firstPaint.toFixed(0)} ms`,
        `${timing.hydratedAt.toFixed(0)} ms`,
        `${reporterFirst.toFixed(0)} ms`,
        mark(inOrder),
        after.map((script) => script.path.split('/').pop()).join(', '),
      ])
    }
  } finally {
    await browser.close()
    await server.stop()
  }
  return { rows, allAfter }
}

async function main() {
  // The production build first: the client builds below run Vite in this process, which leaves
  // its settings (NODE_ENV among them) in process.env for any build spawned after them.
  const bytesOnly = process.argv.includes('--bytes-only')
  const timing = bytesOnly ? undefined : await measureTiming()
  const bytes = await measureBytes()
  const sizeLines = [
    `The vitals code a page carries, web-vitals ${webVitalsVersion} (standard build), gzip level 9 (kB = 1000 bytes):`,
    '',
    table(
      ['part', 'gzip', 'how measured'],
      [
        [
          'every page: the client entry and what it imports',
          `+${bytes.entryGain} B`,
          'client build with the loader (components/FieldVitals.tsx) against one with it replaced by nothing',
        ],
        [
          `lazy: ${bytes.lazyFiles.map((file) => `\`${file}\``).join(', ')}`,
          `${bytes.lazy} B`,
          `the reporter and any chunk it needs that a page does not load anyway; of it, web-vitals' ${webVitalsImported.join(', ')} alone are ${bytes.library} B (bundled and minified by themselves), our code the other ${bytes.lazy - bytes.library} B`,
        ],
        [
          'inline head script: counting early taps',
          `+${bytes.inline} B`,
          'the script against itself without its counts (the only part before the first paint)',
        ],
        [
          '**total**',
          `**${bytes.total} B**`,
          `budget ${kB(budget)}: ${mark(bytes.total <= budget)}`,
        ],
      ],
    ),
  ]
  if (!timing) {
    console.log(sizeLines.join('\n'))
    return
  }
  const body = [
    ...sizeLines,
    '',
    `Chromium against the production build, no throttling, each route once: the reporter is requested only after the app has started and after the first contentful paint ${mark(timing.allAfter)}.`,
    '',
    table(
      [
        'route',
        'reporter chunk',
        'gzip',
        'first contentful paint',
        'app started',
        'reporter requested',
        'after both',
        'scripts fetched after the app started',
      ],
      timing.rows,
    ),
  ].join('\n')
  console.log(body)
  writeSection('Field-vitals reporter size (issue 24)', body)
}

// Vite's logger catches an uncaught error and exits 0: fail loudly instead.
await main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
