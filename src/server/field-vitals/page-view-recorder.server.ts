// Beacons written in batches (one record_page_views() call 250 ms after the first, or at 500),
// each answered once its batch is (docs/decisions/026-beacon-answered-once-kept.md). A page's
// error goes in the same batches: record_page_views() keeps it apart.
import type { PageErrorRow, PageViewRow } from '#src/features/field-vitals/beacon-schema.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/log.ts'
import type { PageViewStore } from './page-view-store.server'

type KeepOutcome = 'kept' | 'queue-full' | 'not-written' | 'late'
export type PageViewRecorder = ReturnType<typeof createPageViewRecorder>

const batchSize = 500
const maxQueued = 10_000

export function createPageViewRecorder(
  store: () => PageViewStore | Promise<PageViewStore>,
  log: Logger,
  { flushAfterMs = 250, keptWithinMs = 10_000 } = {},
) {
  const queue: { row: PageViewRow | PageErrorRow; settle: (outcome: KeepOutcome) => void }[] = []
  let flushing: Promise<void> | undefined
  let timer: NodeJS.Timeout | undefined
  let refused = 0

  async function writeQueued() {
    while (queue.length > 0) {
      const batch = queue.splice(0, batchSize)
      let outcome: KeepOutcome = 'kept'
      try {
        await (await store()).record(batch.map(({ row }) => row))
      } catch (error) {
        // Not tried again: its beacons were told they were not kept.
        outcome = 'not-written'
        log.error('vitals.record_failed', { rows: batch.length, error: describeError(error) })
      }
      for (const { settle } of batch) settle(outcome)
    }
  }

  function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    flushing ??= writeQueued().finally(() => {
      flushing = undefined
      if (refused > 0) log.warn('vitals.queue_full', { refused })
      refused = 0
    })
    return flushing
  }

  return {
    flush,
    /** Settles once the row's batch is written or could not be, or as 'late' (it may still be). */
    keep(row: PageViewRow | PageErrorRow): Promise<KeepOutcome> {
      if (queue.length >= maxQueued) {
        refused++
        return Promise.resolve('queue-full')
      }
      return new Promise((settle) => {
        queue.push({ row, settle })
        setTimeout(settle, keptWithinMs, 'late').unref()
        if (queue.length >= batchSize) void flush()
        else timer ??= setTimeout(flush, flushAfterMs)
      })
    },
  }
}
