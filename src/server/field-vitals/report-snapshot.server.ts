/**
 * Embedded mode's copy of the owner's report, <DATA_DIR>/report/site-report.json, with the contact
 * path's last check beside it: `npm run report` reads these, never the PGlite directory the server holds.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { reportDays } from '#src/features/site-report/site-report.ts'
import type { Logger } from '#supabase/functions/_shared/contact/log.ts'
import { ownerReportDocument, type PageViewStore } from './page-view-store.server.ts'

export const reportDir = (dataDir: string) => join(dataDir, 'report')
const reportSnapshotFile = 'site-report.json'
export const contactCheckFile = 'contact-check.json'

export async function writeJsonAtomically(dir: string, name: string, document: unknown) {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFileAtomic(join(dir, name), `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 })
}

/** A document of the report folder; undefined when there is none yet. */
export async function readJsonFile(dir: string, name: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(join(dir, name), 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

export const writeReportSnapshot = async (dir: string, store: PageViewStore, log: Logger) =>
  writeJsonAtomically(dir, reportSnapshotFile, await ownerReportDocument(store, reportDays, log))

export const readReportSnapshot = (dir: string) => readJsonFile(dir, reportSnapshotFile)
