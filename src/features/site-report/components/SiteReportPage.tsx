import type { PropsWithChildren } from 'react'
import { css } from 'styled-system/css'
import { Hero } from '#src/components/Hero.tsx'
import { Section } from '#src/components/Section.tsx'
import { type ContactCheck, checkTime, contactCheckLabels } from '../contact-check'
import {
  type ContactFigures,
  captchaUncheckedNote,
  contactHealth,
  contactTrouble,
  errorLine,
  formatAge,
  formatVital,
  oldestWaitMs,
  p75Of,
  type RouteFigures,
  rateVital,
  type SiteReport,
  siteTotals,
  type VitalName,
  vitalNames,
  vitalThresholds,
} from '../site-report'

const ratingClass = {
  good: css({ color: 'vital.good' }),
  'needs improvement': css({ color: 'vital.fair' }),
  poor: css({ color: 'vital.poor', fontWeight: 'semibold' }),
} as const

const statusClass = {
  ok: ratingClass.good,
  'not-configured': ratingClass['needs improvement'],
  failed: ratingClass.poor,
} as const

const tableCell = css({
  px: '3',
  py: '2',
  textAlign: 'left',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  whiteSpace: 'nowrap',
  verticalAlign: 'top',
})

/** The owner's field report (OWNER_REPORT_KEY): figures from real visitors, last 28 days. */
export function SiteReportPage({
  report,
  contactCheck,
}: {
  report: SiteReport
  contactCheck: ContactCheck | null
}) {
  const totals = siteTotals(report)
  return (
    <>
      {/* The header is drawn white over a page's dark banner: without one it would not show. */}
      <Hero title="How real visitors fare" subtitle="Figures from visitors' own browsers." />
      <Section narrow>
        <div className={css({ display: 'grid', gap: '10' })}>
          <ContactSection contact={report.contact} />
          <ContactCheckSection check={contactCheck} />
          <header className={css({ display: 'grid', gap: '3' })}>
            <p className={css({ color: 'fg.muted' })}>
              The last {report.days} days, from the browsers of visitors who did not opt out. Each
              vital is the 75th percentile, rated against Google's thresholds. Generated{' '}
              <time dateTime={report.generatedAt}>
                {report.generatedAt.slice(0, 16).replace('T', ' ')}
              </time>{' '}
              UTC.
            </p>
            <FigureCards
              figures={[
                ['Views', totals.views],
                ['Leads', totals.leads],
                ['Calls', totals.calls],
                ['Emails', totals.emails],
              ]}
            />
          </header>
          {report.routes.length === 0 ? (
            <p>No page views recorded yet.</p>
          ) : (
            <>
              <ViewsChart routes={report.routes} />
              <VitalsTable routes={report.routes} />
              <ErrorsSection routes={report.routes} errors={totals.errors} />
            </>
          )}
        </div>
      </Section>
    </>
  )
}

/** A titled part of the report. */
function ReportSection({ id, title, children }: PropsWithChildren<{ id: string; title: string }>) {
  return (
    <section aria-labelledby={id} className={css({ display: 'grid', gap: '3' })}>
      <h2 id={id} className={css({ textStyle: 'h3', color: 'fg.heading' })}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Labelled figures side by side: two a row on a phone, four on a wider screen. */
function FigureCards({ figures }: { figures: readonly (readonly [string, number | string])[] }) {
  return (
    <dl
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        gap: '4',
      })}
    >
      {figures.map(([label, value]) => (
        <div key={label} className={css({ bg: 'bg.subtle', p: '4', rounded: 'md' })}>
          <dt className={css({ color: 'fg.muted', fontSize: 'sm' })}>{label}</dt>
          <dd className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

const troubleNote = css({
  bg: 'bg.subtle',
  borderLeftWidth: '4px',
  borderColor: 'vital.poor',
  p: '4',
  rounded: 'md',
})

/**
 * The contact path first: a message the owner was never told of is a job lost. Ages are taken at
 * the figures' own time, so the server's page and the browser's agree.
 */
function ContactSection({ contact }: { contact: ContactFigures | null }) {
  if (contact === null) {
    return (
      <ReportSection id="contact-title" title="Contact messages">
        <p className={troubleNote}>
          The contact figures could not be read; the server's log says why
          (report.contact_figures_failed).
        </p>
      </ReportSection>
    )
  }
  const now = new Date(contact.generatedAt)
  const waited = oldestWaitMs(contact, now)
  const health = contactHealth(contact, now)
  return (
    <ReportSection id="contact-title" title="Contact messages">
      <FigureCards
        figures={[
          ['Stored', contact.stored],
          ['Notified', contact.notified],
          [
            'Not yet notified',
            waited === null ? contact.waiting : `${contact.waiting}, oldest ${formatAge(waited)}`,
          ],
          ['Failed for good', contact.failed],
        ]}
      />
      {contact.captchaUnchecked > 0 && (
        <p className={css({ fontSize: 'sm' })}>
          {captchaUncheckedNote(contact.captchaUnchecked, contact.held)}
        </p>
      )}
      {contact.failedBy.length > 0 && (
        <p className={css({ fontSize: 'sm' })}>
          Failed for good, by last error:{' '}
          {contact.failedBy.map((f) => `${f.errorClass} ×${f.count}`).join(' · ')}
        </p>
      )}
      {(health === 'failed' || health === 'late') && (
        <p className={troubleNote}>{contactTrouble[health]}</p>
      )}
    </ReportSection>
  )
}

/** The contact path's last self-check: when, and each check's status. */
function ContactCheckSection({ check }: { check: ContactCheck | null }) {
  return (
    <ReportSection id="contact-check-title" title="Contact form's last check">
      {check === null ? (
        <p className={css({ color: 'fg.muted' })}>Not checked yet: the server checks at start.</p>
      ) : (
        <>
          <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
            Checked <time dateTime={check.checkedAt}>{checkTime(check.checkedAt)}</time>, and every
            five minutes.
          </p>
          <ul className={css({ display: 'grid', gap: '2' })}>
            {check.checks.map((item) => (
              <li key={item.name}>
                <span className={css({ fontFamily: 'mono' })}>{item.name}</span>:{' '}
                <span className={statusClass[item.status]}>{contactCheckLabels[item.status]}</span>
                <span className={css({ color: 'fg.muted', fontSize: 'sm' })}> ({item.detail})</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ReportSection>
  )
}

/** Views per route as bars (server-rendered SVG), with leads and calls beside each. */
function ViewsChart({ routes }: { routes: readonly RouteFigures[] }) {
  const most = Math.max(1, ...routes.map((route) => route.views))
  return (
    <figure className={css({ display: 'grid', gap: '4' })}>
      <figcaption className={css({ textStyle: 'h3', color: 'fg.heading' })}>
        Views, leads and calls per page
      </figcaption>
      <ul className={css({ display: 'grid', gap: '3' })}>
        {routes.map((route) => (
          <li key={route.route} className={css({ display: 'grid', gap: '1' })}>
            <span className={css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all' })}>
              {route.route}
            </span>
            <svg
              viewBox="0 0 100 8"
              preserveAspectRatio="none"
              aria-hidden="true"
              className={css({ w: 'full', h: '3' })}
            >
              <rect width="100" height="8" className={css({ fill: 'vital.track' })} />
              <rect
                width={(route.views / most) * 100}
                height="8"
                className={css({ fill: 'vital.bar' })}
              />
            </svg>
            <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {route.views} views · {route.leads} leads · {route.calls} calls · {route.emails}{' '}
              emails
            </span>
          </li>
        ))}
      </ul>
    </figure>
  )
}

function VitalCell({ route, name }: { route: RouteFigures; name: VitalName }) {
  const value = p75Of(route, name)
  if (value === null) return <td className={tableCell}>–</td>
  const rating = rateVital(name, value)
  return (
    <td className={tableCell}>
      <span className={ratingClass[rating]}>
        {formatVital(name, value)} <span className={css({ fontSize: 'xs' })}>{rating}</span>
      </span>
    </td>
  )
}

function VitalsTable({ routes }: { routes: readonly RouteFigures[] }) {
  return (
    <section aria-labelledby="vitals-title" className={css({ display: 'grid', gap: '4' })}>
      <h2 id="vitals-title" className={css({ textStyle: 'h3', color: 'fg.heading' })}>
        Web Vitals per page (p75)
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        Good up to, poor above:{' '}
        {vitalNames
          .map((name) => {
            const [good, poor] = vitalThresholds[name]
            return `${name.toUpperCase()} ${good} / ${poor}${name === 'cls' ? '' : ' ms'}`
          })
          .join(' · ')}
        . Taps before the app started are counted on first loads.
      </p>
      {/* A region that scrolls sideways takes focus, so it scrolls by keyboard too. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
        tabIndex={0}
        aria-label="Web Vitals per page, scrolls sideways"
        className={css({ overflowX: 'auto' })}
      >
        <table className={css({ borderCollapse: 'collapse', fontSize: 'sm', minW: 'full' })}>
          <thead>
            <tr>
              {[
                'Page',
                ...vitalNames.map((name) => name.toUpperCase()),
                'Early taps (dropped)',
                'Slow interactions',
              ].map((heading) => (
                <th key={heading} scope="col" className={tableCell}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {routes.map((route) => (
              <tr key={route.route}>
                <th scope="row" className={tableCell}>
                  <span className={css({ fontFamily: 'mono' })}>{route.route}</span>
                </th>
                {vitalNames.map((name) => (
                  <VitalCell key={name} route={route} name={name} />
                ))}
                <td className={tableCell}>
                  {route.earlyTaps} ({route.earlyTapsDropped})
                </td>
                <td className={tableCell}>
                  {route.slowInpTargets.length === 0 ? (
                    '–'
                  ) : (
                    <ul>
                      {route.slowInpTargets.map((slow) => (
                        <li key={slow.target}>
                          <code>{slow.target}</code> ×{slow.count}, worst {Math.round(slow.worstMs)}{' '}
                          ms
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  )
}

/** Errors the site's code did not catch in visitors' browsers, per page, commonest first. */
function ErrorsSection({ routes, errors }: { routes: readonly RouteFigures[]; errors: number }) {
  return (
    <ReportSection id="errors-title" title="Errors in visitors' browsers">
      {errors === 0 ? (
        <p>None.</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '3' })}>
          {routes
            .filter((route) => route.errors > 0)
            .map((route) => (
              <li key={route.route} className={css({ display: 'grid', gap: '1' })}>
                <span className={css({ fontFamily: 'mono', fontSize: 'sm' })}>
                  {route.route}: {route.errors} {route.errors === 1 ? 'error' : 'errors'}
                </span>
                <ul className={css({ fontSize: 'sm', wordBreak: 'break-word' })}>
                  {route.commonErrors.map((error) => (
                    <li key={error.message}>{errorLine(error)}</li>
                  ))}
                </ul>
              </li>
            ))}
        </ul>
      )}
    </ReportSection>
  )
}
