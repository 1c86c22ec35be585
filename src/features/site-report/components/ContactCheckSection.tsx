import { css } from 'styled-system/css'
import { type ContactCheck, checkTime, contactCheckLabels } from '../contact-check'

const statusClass = {
  ok: css({ color: 'vital.good' }),
  'not-configured': css({ color: 'vital.fair' }),
  failed: css({ color: 'vital.poor', fontWeight: 'semibold' }),
} as const

/** The contact path's last self-check: when, and each check's status. */
export function ContactCheckSection({ check }: { check: ContactCheck | null }) {
  return (
    <section aria-labelledby="contact-check-title" className={css({ display: 'grid', gap: '3' })}>
      <h2 id="contact-check-title" className={css({ textStyle: 'h3', color: 'fg.heading' })}>
        Contact form's last check
      </h2>
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
    </section>
  )
}
