/** The report and contact check as files, so `npm run report` never opens the server's PGlite. */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { reportDays } from '#src/features/site-report/site-report.ts'
import type { Logger } from '#supabase/functions/_shared/contact/log.ts'
import { ownerReportDocument, type PageViewStore } from './page-view-store.server.ts'

export const reportDir = (dataDir: string) => join(dataDir, 'report')
export const reportSnapshotFile = 'site-report.json'
export const contactCheckFile = 'contact-check.json'

export async function writeJsonAtomically(dir: string, name: string, document: unknown) {
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await writeFileAtomic(join(dir, name), `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 })
}

export const writeContactCheck = (dataDir: string, report: unknown) =>
  writeJsonAtomically(reportDir(dataDir), contactCheckFile, report)

export const writeReportSnapshot = async (dir: string, store: PageViewStore, log: Logger) =>
  writeJsonAtomically(dir, reportSnapshotFile, await ownerReportDocument(store, reportDays, log))
