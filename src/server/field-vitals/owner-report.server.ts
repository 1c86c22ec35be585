// The owner's report behind OWNER_REPORT_KEY: undefined (the page answers 404) for any other key.
import { createHash, timingSafeEqual } from 'node:crypto'
import {
  parseSiteReport,
  reportDays,
  type SiteReport,
} from '#src/features/site-report/site-report.ts'
import { consoleLogger } from '#supabase/functions/_shared/contact/log.ts'
import { getEnvironment } from '../env.server'
import { flushPageViews, getPageViewStore } from './field-vitals.server'
import { ownerReportDocument } from './page-view-store.server'

// In constant time: digests are of equal length.
const digest = (text: string) => createHash('sha256').update(text).digest()
const ownerKeyMatches = (given: string, expected: string | undefined) =>
  expected !== undefined && timingSafeEqual(digest(given), digest(expected))

export async function ownerReport(key: string): Promise<SiteReport | undefined> {
  if (!ownerKeyMatches(key, getEnvironment().OWNER_REPORT_KEY)) return undefined
  // What this instance holds is written first, so the owner sees the latest beacons.
  await flushPageViews()
  const store = await getPageViewStore()
  return parseSiteReport(await ownerReportDocument(store, reportDays, consoleLogger))
}
