import { AsyncLocalStorage } from 'node:async_hooks'
import { processState } from './process-state.server'

/** Until when the data a page is being rendered with stays fresh (ms since the epoch). */
export type PageFreshness = { until: number }

const storage = processState('page-freshness', () => new AsyncLocalStorage<PageFreshness>())

/**
 * Runs a page's render with a record its data sources write to (`pageDataFreshUntil`); the record
 * is complete once the page's body has been read to its end.
 */
export function renderRecordingFreshness<T>(render: () => T): {
  result: T
  freshness: PageFreshness
} {
  const freshness: PageFreshness = { until: Number.POSITIVE_INFINITY }
  return { result: storage.run(freshness, render), freshness }
}

/** Called by a data source during a render: undefined when what it gave must not be kept. */
export function pageDataFreshUntil(until: number | undefined) {
  const freshness = storage.getStore()
  if (freshness) freshness.until = Math.min(freshness.until, until ?? Number.NEGATIVE_INFINITY)
}
