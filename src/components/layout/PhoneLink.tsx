import type { ComponentProps } from 'react'
import { css } from 'styled-system/css'
import { company } from '#app.config.ts'
import { PhoneIcon } from '../icons/icons'

/** A tap-to-call link to the company's number, which never breaks across lines. */
export function PhoneLink({ children, ...props }: Omit<ComponentProps<'a'>, 'href'>) {
  return (
    <a href={`tel:${company.phone.e164}`} {...props}>
      <PhoneIcon size={18} />
      {children ?? <span className={number}>{company.phone.display}</span>}
    </a>
  )
}

const number = css({ whiteSpace: 'nowrap' })
