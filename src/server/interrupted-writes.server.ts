import { readdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { outboxDir } from './contact/eml-outbox.server'
import { inboxDir } from './contact/inbox-snapshot.server'
import { reportDir } from './field-vitals/report-snapshot.server'
import { photoVariantsDir } from './gallery/photo-variant-store.server'

/**
 * What a write interrupted by a full disk or a kill leaves behind, never read by anyone: the
 * outbox's, the inbox's and the report's `.<uuid>.tmp` files and the photo variants' `<variant>.<uuid>.partial`.
 */
const interruptedWrite = /^\.[0-9a-f-]{36}\.tmp$|\.[0-9a-f-]{36}\.partial$/

async function filesUnder(dir: string, recursive: boolean): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive })).map((entry) => join(dir, entry))
  } catch {
    return []
  }
}

/**
 * Removes them from the data directory. Run only once this server holds the directory's lock:
 * another server's writes in progress look the same.
 */
export async function removeInterruptedWrites(
  dataDir: string,
  log: Pick<Console, 'info' | 'warn'> = console,
): Promise<number> {
  const candidates = [
    ...(await filesUnder(outboxDir(dataDir), false)),
    ...(await filesUnder(inboxDir(dataDir), false)),
    ...(await filesUnder(reportDir(dataDir), false)),
    ...(await filesUnder(photoVariantsDir(dataDir), true)),
  ].filter((path) => interruptedWrite.test(basename(path)))
  let removed = 0
  for (const path of candidates) {
    try {
      await rm(path, { force: true })
      removed++
    } catch (error) {
      log.warn(`Could not remove ${path}, left by an interrupted write: ${String(error)}`)
    }
  }
  if (removed > 0) {
    log.info(
      `Removed ${removed} file(s) left by interrupted writes (a full disk or a kill) in ${dataDir}`,
    )
  }
  return removed
}
