/**
 * Embedded mode's copy of the owner's report for `npm run report`, which must never open the
 * PGlite directory the server holds (two processes on one directory corrupt it):
 * <DATA_DIR>/report/site-report.json, site_report()'s document with the contact figures
 * (contact_notification_report()'s, as `contact`), rewritten every ten minutes
 * and at start and stop, atomically (a temporary file, then a rename).
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { reportDays } from '#src/features/site-report/site-report.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import { ownerReportDocument, type PageViewStore } from './page-view-store.server.ts'

export const reportDir = (dataDir: string) => join(dataDir, 'report')
export const reportSnapshotFile = 'site-report.json'

export async function writeReportSnapshot(
  dir: string,
  store: PageViewStore,
  log: Logger,
): Promise<void> {
  await writeJsonAtomically(
    dir,
    reportSnapshotFile,
    await ownerReportDocument(store, reportDays, log),
  )
}

/** The contact path's last self-check, beside the report (written by the server at each check). */
export const contactCheckFile = 'contact-check.json'

/** Writes `document` as <dir>/<name>: a temporary file, flushed, then renamed into place. */
export async function writeJsonAtomically(
  dir: string,
  name: string,
  document: unknown,
): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const temporary = join(dir, `.${randomUUID()}.tmp`)
  const file = await open(temporary, 'wx', 0o600)
  try {
    try {
      await file.writeFile(`${JSON.stringify(document, null, 2)}\n`)
      await file.sync()
    } finally {
      await file.close()
    }
    await rename(temporary, join(dir, name))
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** The snapshot's document; undefined when the server has not written one yet. */
export const readReportSnapshot = (dir: string) => readJsonFile(dir, reportSnapshotFile)

/** A document of the report folder; undefined when there is none yet. */
export async function readJsonFile(dir: string, name: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(join(dir, name), 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

export function startReportSnapshots({
  dir,
  store,
  log,
  everyMs = 600_000,
}: {
  dir: string
  store: PageViewStore
  log: Logger
  everyMs?: number
}): { write(): Promise<void>; stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  const write = () => {
    running = running
      .then(() => writeReportSnapshot(dir, store, log))
      .catch((error: unknown) =>
        log.error('vitals.report_snapshot_failed', { error: describeError(error) }),
      )
    return running
  }
  const timer = setInterval(() => void write(), everyMs)
  timer.unref()
  void write()
  return {
    write,
    async stop() {
      clearInterval(timer)
      await write()
    },
  }
}
