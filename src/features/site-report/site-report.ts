/**
 * The owner's report: the contact path's figures first (messages not yet notified, failed for
 * good), then how real visitors fare, per route: what site_report() (the migration
 * 20261125000100) answers, parsed, rated against Google's Core Web Vitals thresholds, and
 * written as text (`npm run report`). The owner's page (components/SiteReportPage.tsx) shows the
 * same figures as a chart.
 */
import * as v from 'valibot'

/** The window both the script and the page show. */
export const reportDays = 28

export const vitalNames = ['lcp', 'inp', 'cls', 'fcp', 'ttfb'] as const
export type VitalName = (typeof vitalNames)[number]

/**
 * Google's thresholds at the 75th percentile (web.dev/articles/vitals): good up to the first,
 * poor above the second. Milliseconds, CLS unitless.
 */
export const vitalThresholds: Record<VitalName, readonly [good: number, poor: number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  fcp: [1800, 3000],
  ttfb: [800, 1800],
}

export type VitalRating = 'good' | 'needs improvement' | 'poor'

export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = vitalThresholds[name]
  return value <= good ? 'good' : value <= poor ? 'needs improvement' : 'poor'
}

export const formatVital = (name: VitalName, value: number | null): string =>
  value === null ? '–' : name === 'cls' ? value.toFixed(2) : `${Math.round(value)} ms`

const figure = v.pipe(v.number(), v.minValue(0))
const p75 = v.nullable(v.number())

const routeFiguresSchema = v.object({
  route: v.string(),
  views: figure,
  loads: figure,
  lcpP75: p75,
  inpP75: p75,
  clsP75: p75,
  fcpP75: p75,
  ttfbP75: p75,
  lcpSamples: figure,
  inpSamples: figure,
  viewsWithEarlyTaps: figure,
  earlyTaps: figure,
  earlyTapsDropped: figure,
  calls: figure,
  emails: figure,
  leads: figure,
  slowInpTargets: v.array(v.object({ target: v.string(), count: figure, worstMs: v.number() })),
  /** Errors the page's code did not catch in visitors' browsers (absent in older snapshots). */
  errors: v.optional(figure, 0),
  /** The five commonest messages: how often, where last thrown, when last. */
  commonErrors: v.optional(
    v.array(
      v.object({
        message: v.string(),
        count: figure,
        source: v.nullable(v.string()),
        lastAt: v.string(),
      }),
    ),
    [],
  ),
})
export type RouteFigures = v.InferOutput<typeof routeFiguresSchema>

/**
 * The contact path as the owner's report shows it (contact_notification_report(), the migration
 * 20261127004600): every message stored, notified, still waiting for its notification (and when
 * the oldest of those arrived), and failed for good, by the class of the last error.
 */
const contactFiguresSchema = v.object({
  generatedAt: v.string(),
  stored: figure,
  notified: figure,
  waiting: figure,
  oldestWaitingAt: v.nullable(v.string()),
  failed: figure,
  failedBy: v.array(v.object({ errorClass: v.string(), count: figure })),
  /** Kept although their captcha could not be checked (absent in older snapshots). */
  captchaUnchecked: v.optional(figure, 0),
  /** Of those, held past the hourly cap for the owner's digest (absent in older snapshots). */
  held: v.optional(figure, 0),
})
export type ContactFigures = v.InferOutput<typeof contactFiguresSchema>

export const siteReportSchema = v.object({
  days: figure,
  generatedAt: v.string(),
  routes: v.array(routeFiguresSchema),
  /** Null when they could not be read (a snapshot from before them, a migration not applied). */
  contact: v.optional(v.nullable(contactFiguresSchema), null),
})
export type SiteReport = v.InferOutput<typeof siteReportSchema>

export const parseSiteReport = (document: unknown): SiteReport =>
  v.parse(siteReportSchema, document)

export const p75Of = (route: RouteFigures, name: VitalName): number | null => route[`${name}P75`]

const totalled = ['views', 'leads', 'calls', 'emails', 'errors'] as const
export type SiteTotals = Record<(typeof totalled)[number], number>

export const siteTotals = (report: SiteReport): SiteTotals =>
  Object.fromEntries(
    totalled.map((figure) => [
      figure,
      report.routes.reduce((sum, route) => sum + route[figure], 0),
    ]),
  ) as SiteTotals

/** A notification still waiting after this long is late: the owner should look into it. */
export const lateNotificationMs = 30 * 60_000

/** How long ago, in words: `45 s`, `12 min`, `3 h 5 min`, `2 days 4 h`. */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return `${Math.max(0, Math.round(ms / 1000))} s`
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ${minutes % 60} min`
  const days = Math.floor(hours / 24)
  return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h`
}

/** How long the oldest message has waited for its notification, at `now`; null when none waits. */
export const oldestWaitMs = (contact: ContactFigures, now: Date): number | null =>
  contact.oldestWaitingAt === null
    ? null
    : Math.max(0, now.getTime() - Date.parse(contact.oldestWaitingAt))

export type ContactHealth = 'unknown' | 'ok' | 'late' | 'failed'

/** What the owner must know first: failures for good, then a late notification. */
export function contactHealth(contact: ContactFigures | null, now: Date): ContactHealth {
  if (contact === null) return 'unknown'
  if (contact.failed > 0) return 'failed'
  const waited = oldestWaitMs(contact, now)
  return waited !== null && waited > lateNotificationMs ? 'late' : 'ok'
}

/** What the owner is told to do, on the page and in the terminal. */
export const contactTrouble = {
  failed:
    'Some notifications will not be sent. The messages are kept: read them in the inbox, and have the mail settings checked.',
  late: 'A notification is late. The message is kept and retried: have the mail settings checked.',
} as const

/** What the owner should know of messages kept with their captcha unchecked (decisions 027, 040). */
export const captchaUncheckedNote = (count: number, held: number) =>
  `${count} kept with the captcha not checked (the site's hCaptcha settings were wrong or hCaptcha was out of reach): judge them by eye, they are marked in the notification.` +
  (held > 0
    ? ` ${held} of them held past the hourly limit: not emailed one by one, listed in the owner's digest and the inbox.`
    : '')

/** The contact figures as lines of text, for the terminal (and the page's words). */
export function contactLines(contact: ContactFigures | null, now: Date): string[] {
  if (contact === null) {
    return [
      'Contact messages: figures unavailable (the server log says why: report.contact_figures_failed).',
    ]
  }
  const waited = oldestWaitMs(contact, now)
  const lines = [
    `Contact messages: ${contact.stored} stored · ${contact.notified} notified · ` +
      `${contact.waiting} not yet notified` +
      (waited === null ? '' : ` (oldest waiting ${formatAge(waited)})`) +
      ` · ${contact.failed} failed for good`,
  ]
  if (contact.captchaUnchecked > 0) {
    lines.push(`  ${captchaUncheckedNote(contact.captchaUnchecked, contact.held)}`)
  }
  if (contact.failedBy.length > 0) {
    lines.push(
      `  failed for good, by last error: ${contact.failedBy.map((f) => `${f.errorClass} ×${f.count}`).join(' · ')}`,
    )
  }
  const health = contactHealth(contact, now)
  if (health === 'failed' || health === 'late') lines.push(`  TROUBLE: ${contactTrouble[health]}`)
  return lines
}

/** One of a route's commonest errors, in words: `×3, last 2026-12-04 16:40 at /assets/x.js:1:20: …`. */
export const errorLine = (error: RouteFigures['commonErrors'][number]) =>
  `error ×${error.count}, last ${error.lastAt.slice(0, 16).replace('T', ' ')}` +
  `${error.source === null ? '' : ` at ${error.source}`}: ${error.message}`

const ratingMark: Record<VitalRating, string> = {
  good: 'good',
  'needs improvement': 'needs work',
  poor: 'POOR',
}

/** A bar of `width` characters for `value` out of `max`. */
export const textBar = (value: number, max: number, width = 24): string =>
  max <= 0 ? '' : '█'.repeat(Math.round((value / max) * width)).padEnd(width, '·')

/**
 * The report as the terminal shows it: the contact path first (its figures, then its last check
 * when given, as text), then the visitors' figures.
 */
export function formatSiteReport(
  report: SiteReport,
  { now = new Date(), contactCheck }: { now?: Date; contactCheck?: string } = {},
): string {
  const totals = siteTotals(report)
  const lines = [
    ...contactLines(report.contact, now),
    '',
    // The contact path's last check, beside its figures.
    ...(contactCheck === undefined ? [] : [contactCheck, '']),
    `Field report, last ${report.days} days (generated ${report.generatedAt})`,
    `${totals.views} views · ${totals.leads} leads · ${totals.calls} calls · ${totals.emails} emails · ${totals.errors} browser errors`,
    `p75 against Google's thresholds: good / needs work / POOR`,
    '',
  ]
  if (report.routes.length === 0) return [...lines, 'No page views recorded yet.'].join('\n')
  const mostViews = Math.max(...report.routes.map((route) => route.views))
  const width = Math.max(...report.routes.map((route) => route.route.length))
  for (const route of report.routes) {
    lines.push(
      `${route.route.padEnd(width)}  ${textBar(route.views, mostViews)}  ${route.views} views`,
    )
    lines.push(
      `  leads ${route.leads} · calls ${route.calls} · emails ${route.emails} · first loads ${route.loads}` +
        (route.earlyTaps > 0
          ? ` · taps before the app started ${route.earlyTaps} (${route.earlyTapsDropped} dropped)`
          : ''),
    )
    const vitals = vitalNames.map((name) => {
      const value = p75Of(route, name)
      return value === null
        ? `${name.toUpperCase()} –`
        : `${name.toUpperCase()} ${formatVital(name, value)} ${ratingMark[rateVital(name, value)]}`
    })
    lines.push(`  ${vitals.join(' · ')}`)
    for (const slow of route.slowInpTargets) {
      lines.push(`  slow INP ×${slow.count} (worst ${Math.round(slow.worstMs)} ms): ${slow.target}`)
    }
    if (route.errors > 0) lines.push(`  browser errors ${route.errors}`)
    for (const error of route.commonErrors) lines.push(`  ${errorLine(error)}`)
    lines.push('')
  }
  return lines.join('\n').trimEnd()
}
