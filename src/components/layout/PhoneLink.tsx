import type { ComponentProps } from 'react'
import { css } from 'styled-system/css'
import { company } from '#app.config.ts'
import { PhoneIcon } from '../icons/icons'

type Props = Omit<ComponentProps<'a'>, 'href'> & { showNumber?: boolean }

/** A tap-to-call link to the company's number, which never breaks across lines. */
export function PhoneLink({ showNumber = true, children, ...props }: Props) {
  return (
    <a href={`tel:${company.phone.e164}`} {...props}>
      <PhoneIcon size={18} />
      {children ?? (showNumber ? <span className={number}>{company.phone.display}</span> : null)}
    </a>
  )
}

const number = css({ whiteSpace: 'nowrap' })
