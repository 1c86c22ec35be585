import { css } from 'styled-system/css'
import { proof, type Registrations } from '#app.config.ts'
import { SampleMark } from './SampleMark'

/**
 * The licence, WSIB, insurance and membership numbers, set beside a call to action. Memberships are a plain
 * typed badge (name and number), never an association's logo.
 */
export function RegistrationsLine({
  registrations = proof.registrations,
  tone = 'light',
}: {
  registrations?: Registrations
  tone?: 'light' | 'dark'
}) {
  if (!registrations) return null
  const { licence, wsibNumber, insurance, memberships, sample } = registrations
  return (
    <ul
      aria-label="Licence and registrations"
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '2',
        fontSize: 'sm',
        color: tone === 'dark' ? 'fg.inverseMuted' : 'fg.muted',
      })}
    >
      {licence ? (
        <li>
          {licence.issuer} licence {licence.number}
        </li>
      ) : null}
      {wsibNumber ? <li>WSIB {wsibNumber}</li> : null}
      {insurance ? (
        <li>
          {insurance.liabilityCover} liability cover with {insurance.insurer}
        </li>
      ) : null}
      {memberships.map((membership) => (
        <li
          key={membership.name}
          // A badge that may take two lines on a phone: a rounded box (a full radius made a
          // two-line pill a lozenge), lines balanced, the number never parted from its mark.
          className={css({
            borderWidth: '1px',
            borderColor: tone === 'dark' ? 'border.inverse' : 'border.default',
            borderRadius: 'lg',
            px: '2.5',
            py: '0.5',
            fontWeight: '600',
            textWrap: 'balance',
          })}
        >
          Member, {membership.name}
          {membership.memberNumber ? (
            <>
              {' '}
              <span className={css({ whiteSpace: 'nowrap' })}>#{membership.memberNumber}</span>
            </>
          ) : null}
        </li>
      ))}
      {sample ? (
        <li>
          <SampleMark what="licence and registration numbers" />
        </li>
      ) : null}
    </ul>
  )
}
