import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { company, formatAddress, proof } from '#app.config.ts'
import {
  CheckIcon,
  ClockIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
} from '#src/components/icons/icons.tsx'
import { RegistrationsLine } from '#src/components/RegistrationsLine.tsx'

function Detail({
  icon,
  title,
  children,
}: {
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    <div className={css({ position: 'relative', pl: '14', minH: '11' })}>
      <dt className={css({ fontWeight: '700', color: 'fg.heading' })}>
        <span
          className={css({
            position: 'absolute',
            left: '0',
            top: '0',
            w: '11',
            h: '11',
            borderRadius: 'full',
            bg: 'brand.subtle',
            color: 'brand.text',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
          })}
        >
          {icon}
        </span>
        {title}
      </dt>
      <dd className={css({ color: 'fg.muted' })}>{children}</dd>
    </div>
  )
}

const link = css({
  color: 'fg.link',
  fontWeight: '600',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
})

export function ContactDetails() {
  return (
    <dl className={css({ display: 'grid', gap: '6' })}>
      <Detail icon={<MapPinIcon />} title="Visit">
        {formatAddress()}
      </Detail>
      <Detail icon={<PhoneIcon />} title="Call">
        <a href={`tel:${company.phone.e164}`} className={link}>
          {company.phone.display}
        </a>
      </Detail>
      <Detail icon={<MailIcon />} title="Email">
        <a href={`mailto:${company.email}`} className={link}>
          {company.email}
        </a>
      </Detail>
      <Detail icon={<ClockIcon />} title="Business Hours">
        {company.hours.map((h) => (
          <span key={h.days} className={css({ display: 'block' })}>
            {h.days}: {h.time}
          </span>
        ))}
      </Detail>
      {proof.registrations ? (
        <Detail icon={<CheckIcon />} title="Licensed & Insured">
          <RegistrationsLine />
        </Detail>
      ) : null}
    </dl>
  )
}
