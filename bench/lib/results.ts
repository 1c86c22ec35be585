import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'

const resultsFile = new URL('../results.md', import.meta.url)

export function machineLine() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU'
  const memory = Math.round(totalmem() / 2 ** 30)
  return `${new Date().toISOString()} · ${cpus().length} × ${cpu} · ${memory} GiB · Node ${process.version}`
}

/** The machine's load average over 1, 5 and 15 minutes, as the benches write it beside their figures. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')

/** Replaces (or appends) one section of bench/results.md, leaving the others as they were. */
export function writeSection(title: string, body: string) {
  const current = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
    : '# Benchmark results\n\nWritten by `npm run bench`; each section keeps its latest run.\n'
  const start = `<!-- ${title} -->`
  const end = `<!-- /${title} -->`
  const section = `${start}\n## ${title}\n\n${machineLine()}\n\n${body.trim()}\n${end}`
  const pattern = new RegExp(`${escapeRegExp(start)}[\\s\\S]*?${escapeRegExp(end)}`)
  const next = pattern.test(current)
    ? current.replace(pattern, section)
    : `${current.trimEnd()}\n\n${section}\n`
  writeFileSync(resultsFile, next)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function table(headers: string[], rows: (string | number)[][]) {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`

/** A figure against its budget: `✓` when met, `✗ miss` otherwise. */
export const mark = (pass: boolean) => (pass ? '✓' : '✗ miss')

export const MiB = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MiB`

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN for none. */
export const percentile = (values: number[], p: number) => {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] as number
}
