// Until when the data a page is rendered with stays fresh: its data sources write it during the
// render, complete once the page's body has been read to its end (ms since the epoch).
import { AsyncLocalStorage } from 'node:async_hooks'
import { processState } from './process-state.server'

export type PageFreshness = { until: number }

const storage = processState('page-freshness', () => new AsyncLocalStorage<PageFreshness>())

export function renderRecordingFreshness<T>(render: () => T) {
  const freshness: PageFreshness = { until: Number.POSITIVE_INFINITY }
  return { result: storage.run(freshness, render), freshness }
}

/** Called by a data source during a render: undefined when what it gave must not be kept. */
export function pageDataFreshUntil(until: number | undefined) {
  const freshness = storage.getStore()
  if (freshness) freshness.until = Math.min(freshness.until, until ?? Number.NEGATIVE_INFINITY)
}
