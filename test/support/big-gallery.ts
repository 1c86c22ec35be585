/**
 * A gallery of thousands of projects for the tests and the bench of issue 23, and a watch on
 * /healthz that says how long the server kept it waiting meanwhile. The listing alone is what the
 * embedded site imports: its photos need not exist for the import (a card then shows its
 * placeholder), so none is written.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const categories = ['kitchen', 'bathroom', 'commercial', 'carpentry'] as const

/** `count` projects, each with one further photo and the details an owner writes. */
export function bigGalleryManifest(count: number, titlePrefix = 'Project') {
  return Array.from({ length: count }, (_, index) => {
    const path = `${categories[index % categories.length]}/project-${String(index).padStart(5, '0')}.webp`
    return {
      path,
      additional: [path.replace(/\.webp$/, '/detail-1.webp')],
      title: `${titlePrefix} ${index}`,
      location: 'Richmond Hill',
      featured: index % 50 === 0,
      order: index,
      createdAt: new Date(Date.UTC(2020, 0, 1) + index * 3_600_000).toISOString(),
    }
  })
}

export function writeManifest(bucket: string, listing: unknown) {
  writeFileSync(join(bucket, 'manifest.json'), `${JSON.stringify(listing, null, 2)}\n`)
}

export interface HealthzWatch {
  /** Stops polling; resolves to the longest wait for an answer and the number of answers. */
  stop(): Promise<{ longestMs: number; answers: number; failures: number }>
}

/**
 * Asks `${url}/healthz` every `everyMs` (one request at a time) and keeps the longest time an
 * answer took. A request still unanswered when stopped counts with the time it has waited.
 */
export function watchHealthz(url: string, everyMs = 20): HealthzWatch {
  let stopped = false
  let longestMs = 0
  let answers = 0
  let failures = 0
  let askedAt = 0
  const loop = (async () => {
    while (!stopped) {
      askedAt = performance.now()
      try {
        const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(120_000) })
        await response.arrayBuffer()
        if (response.ok) answers++
        else failures++
      } catch {
        failures++
      }
      longestMs = Math.max(longestMs, performance.now() - askedAt)
      askedAt = 0
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return {
    async stop() {
      stopped = true
      const waiting = askedAt === 0 ? 0 : performance.now() - askedAt
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, 1_000))])
      return { longestMs: Math.max(longestMs, waiting), answers, failures }
    },
  }
}
