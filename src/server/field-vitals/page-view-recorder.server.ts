/**
 * Beacons are answered at once and written in batches: a beacon waits in memory at most
 * `flushIntervalMs` (or until `batchSize` have arrived), then one call of record_page_views()
 * writes the batch. The queue is bounded (`maxQueued` rows); past it a beacon is refused and
 * counted, never held. A batch the database refuses is put back once and tried with the next
 * flush; at stop, what is queued is written before the database closes.
 */
import type { PageViewRow } from '#src/features/field-vitals/beacon-schema.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import type { PageViewStore } from './page-view-store.server'

export interface PageViewRecorder {
  /** false when the queue is full (the beacon is not kept). */
  add(row: PageViewRow): boolean
  flush(): Promise<void>
  readonly queued: number
  stop(): Promise<void>
}

export function createPageViewRecorder({
  store,
  log,
  batchSize = 500,
  flushIntervalMs = 1_000,
  maxQueued = 10_000,
  pruneEveryMs,
}: {
  store: PageViewStore
  log: Logger
  batchSize?: number
  flushIntervalMs?: number
  maxQueued?: number
  /** Embedded: prune_site_analytics() at start and then this often (the 13-month retention). */
  pruneEveryMs?: number | undefined
}): PageViewRecorder {
  let queue: PageViewRow[] = []
  let flushing: Promise<void> | undefined
  let refused = 0
  const retried = new WeakSet<PageViewRow>()

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize)
      queue = queue.slice(batch.length)
      try {
        await store.record(batch)
      } catch (error) {
        const again = batch.filter((row) => !retried.has(row))
        for (const row of again) retried.add(row)
        queue = [...again, ...queue].slice(0, maxQueued)
        log.error('vitals.record_failed', {
          rows: batch.length,
          kept: again.length,
          error: describeError(error),
        })
        return
      }
    }
  }

  const flush = (): Promise<void> => {
    flushing ??= writeQueued().finally(() => {
      flushing = undefined
      if (refused > 0) {
        log.warn('vitals.queue_full', { refused })
        refused = 0
      }
    })
    return flushing
  }

  const timer = setInterval(() => void flush(), flushIntervalMs)
  timer.unref()

  const prune = async () => {
    try {
      const removed = await store.prune()
      if (removed > 0) log.info('vitals.pruned', { removed })
    } catch (error) {
      log.error('vitals.prune_failed', { error: describeError(error) })
    }
  }
  let pruneTimer: ReturnType<typeof setInterval> | undefined
  let pruning: Promise<void> | undefined
  if (pruneEveryMs) {
    pruning = prune()
    pruneTimer = setInterval(() => {
      pruning = prune()
    }, pruneEveryMs)
    pruneTimer.unref()
  }

  return {
    add(row) {
      if (queue.length >= maxQueued) {
        refused++
        return false
      }
      queue.push(row)
      if (queue.length >= batchSize) void flush()
      return true
    },
    flush,
    get queued() {
      return queue.length
    },
    async stop() {
      clearInterval(timer)
      clearInterval(pruneTimer)
      await pruning
      await flushing
      await flush()
    },
  }
}
