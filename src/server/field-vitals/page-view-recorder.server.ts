/**
 * Beacons are written in batches, and each is answered once its batch is written
 * (docs/decisions/026-beacon-answered-once-kept.md): a beacon waits in memory at most
 * `flushIntervalMs` (or until `batchSize` have arrived), then one call of record_page_views()
 * writes the batch and every beacon in it learns whether it was kept. A batch the database refuses
 * is not tried again: its beacons have been told they were not kept. The queue is bounded
 * (`maxQueued` rows); past it a beacon is refused at once. At stop, what is queued is written
 * before the database closes.
 */
import type { PageViewRow } from '#src/features/field-vitals/beacon-schema.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import type { PageViewStore } from './page-view-store.server'

/** What became of one beacon: written, refused because the queue was full, or a failed write. */
export type KeepOutcome = 'kept' | 'queue-full' | 'not-written'

export interface PageViewRecorder {
  /** Settles once the row's batch is written (or could not be): never rejects. */
  keep(row: PageViewRow): Promise<KeepOutcome>
  flush(): Promise<void>
  readonly queued: number
  stop(): Promise<void>
}

interface Waiting {
  row: PageViewRow
  settle: (outcome: KeepOutcome) => void
}

export function createPageViewRecorder({
  store,
  log,
  batchSize = 500,
  flushIntervalMs = 250,
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
  let queue: Waiting[] = []
  let flushing: Promise<void> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let refused = 0

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize)
      queue = queue.slice(batch.length)
      try {
        await store.record(batch.map((waiting) => waiting.row))
      } catch (error) {
        for (const waiting of batch) waiting.settle('not-written')
        log.error('vitals.record_failed', { rows: batch.length, error: describeError(error) })
        continue
      }
      for (const waiting of batch) waiting.settle('kept')
    }
  }

  const flush = (): Promise<void> => {
    clearTimeout(timer)
    timer = undefined
    flushing ??= writeQueued().finally(() => {
      flushing = undefined
      if (refused > 0) {
        log.warn('vitals.queue_full', { refused })
        refused = 0
      }
    })
    return flushing
  }

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
    keep(row) {
      if (queue.length >= maxQueued) {
        refused++
        return Promise.resolve('queue-full')
      }
      return new Promise<KeepOutcome>((settle) => {
        queue.push({ row, settle })
        if (queue.length >= batchSize) void flush()
        else timer ??= setTimeout(() => void flush(), flushIntervalMs)
      })
    },
    flush,
    get queued() {
      return queue.length
    },
    async stop() {
      clearInterval(pruneTimer)
      await pruning
      await flushing
      await flush()
    },
  }
}
