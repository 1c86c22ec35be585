import { type ReactNode, useId } from 'react'
import { css } from 'styled-system/css'

/** What a field's control spreads onto itself: its label's target and its hint and error. */
export type FieldControlProps = {
  id: string
  name: string
  required: true | undefined
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

type Props = {
  label: string
  name: string
  required?: boolean
  /** Shown below the control and read with it. */
  hint?: string
  /** Shown below the control once there is one; the control is then marked invalid. */
  error?: string | undefined
  children: (control: FieldControlProps) => ReactNode
}

/** A form field: its label (starred when required), its control, its hint and its error. */
export function Field({ label, name, required = false, hint, error, children }: Props) {
  const id = `${useId()}-${name}`
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ')
  return (
    <div className={css({ display: 'grid', gap: '1.5', alignContent: 'start' })}>
      <label htmlFor={id} className={css({ fontWeight: '600', color: 'fg.heading' })}>
        {label}
        {required ? (
          <span aria-hidden="true" className={css({ color: 'accent.text' })}>
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        name,
        required: required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

export const fieldErrorClass = css({ color: 'fg.error', fontSize: 'sm', fontWeight: '600' })
