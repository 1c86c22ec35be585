/**
 * `npm run bench`: every benchmark in turn; each writes its section of bench/results.md.
 *
 * Building rewrites `.output/`, which the end-to-end tests also use: run it under the shared
 * lock (this script takes none itself):
 *
 *   flock /tmp/site-build.lock npm run bench
 *
 * first-load makes its own build (with source maps, deleted afterwards); then one normal build
 * serves the others (`--no-build`; photo-variants needs no site build). A bench that fails does not
 * stop the others; the exit code says whether all of them passed.
 *
 * Names pick some of them (with the build they need): `node bench/run.ts load throughput`.
 */
import { spawnSync } from 'node:child_process'
import { build } from './lib/server.ts'

type Step = { name: string; run: () => number }

const bench =
  (script: string, ...args: string[]): Step['run'] =>
  () =>
    spawnSync(process.execPath, [script, ...args], { stdio: 'inherit' }).status ?? 1

const steps: Step[] = [
  { name: 'bench/first-load.ts', run: bench('bench/first-load.ts') },
  {
    name: 'build',
    run: () => {
      build()
      return 0
    },
  },
  { name: 'bench/lighthouse.ts', run: bench('bench/lighthouse.ts', '--no-build') },
  { name: 'bench/heading-face.ts', run: bench('bench/heading-face.ts', '--no-build') },
  { name: 'bench/blocking-time.ts', run: bench('bench/blocking-time.ts', '--no-build') },
  { name: 'bench/gallery-bytes.ts', run: bench('bench/gallery-bytes.ts', '--no-build') },
  { name: 'bench/throughput.ts', run: bench('bench/throughput.ts', '--no-build') },
  { name: 'bench/prerender-csp.ts', run: bench('bench/prerender-csp.ts', '--no-build') },
  { name: 'bench/load.ts', run: bench('bench/load.ts', '--no-build') },
  { name: 'bench/memory.ts', run: bench('bench/memory.ts', '--no-build') },
  { name: 'bench/photo-variants.ts', run: bench('bench/photo-variants.ts') },
  { name: 'bench/gallery-import.ts', run: bench('bench/gallery-import.ts', '--no-build') },
  { name: 'bench/gallery-pages.ts', run: bench('bench/gallery-pages.ts', '--no-build') },
  { name: 'bench/beacons.ts', run: bench('bench/beacons.ts', '--no-build') },
  { name: 'bench/vitals-bytes.ts', run: bench('bench/vitals-bytes.ts', '--no-build') },
  { name: 'bench/streaming.ts', run: bench('bench/streaming.ts', '--no-build') },
  {
    name: 'bench/gallery-source-wait.ts',
    run: bench('bench/gallery-source-wait.ts', '--no-build'),
  },
  { name: 'bench/notification-window.ts', run: bench('bench/notification-window.ts') },
]

const selected = process.argv.slice(2)
const named = (step: Step) => selected.some((name) => step.name === `bench/${name}.ts`)
const unknown = selected.filter((name) => !steps.some((step) => step.name === `bench/${name}.ts`))
if (unknown.length > 0) {
  console.error(
    `No bench named ${unknown.join(', ')}; there are ${steps
      .flatMap((step) => (step.name.startsWith('bench/') ? [step.name.slice(6, -3)] : []))
      .join(', ')}.`,
  )
  process.exit(2)
}
const chosen =
  selected.length === 0
    ? steps
    : steps.filter(
        (step, index) =>
          named(step) || (step.name === 'build' && steps.slice(index + 1).some(named)),
      )

const started = Date.now()
const failed: string[] = []
for (const step of chosen) {
  const stepStarted = Date.now()
  console.log(`\n▶ ${step.name}`)
  let status: number
  try {
    status = step.run()
  } catch (error) {
    console.error(error)
    status = 1
  }
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(0)
  console.log(`${status === 0 ? '✓' : '✗'} ${step.name} (${seconds} s)`)
  if (status !== 0) {
    failed.push(step.name)
    // The later benches need the normal build.
    if (step.name === 'build') break
  }
}
console.log(
  `\nAll benchmarks: ${((Date.now() - started) / 1000).toFixed(0)} s; figures in bench/results.md` +
    (failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''),
)
if (failed.length > 0) process.exit(1)
