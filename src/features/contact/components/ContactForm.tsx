import type HCaptcha from '@hcaptcha/react-hcaptcha'
import { useForm } from '@tanstack/react-form'
import { useHydrated, useRouter } from '@tanstack/react-router'
import {
  type ComponentProps,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { company } from '#app.config.ts'
import { notify, preloadToasts } from '#src/components/layout/notify.ts'
import { Field, type FieldControlProps, fieldErrorClass } from '#src/components/ui/Field.tsx'
import { contactServiceOptions } from '#src/content/services.ts'
import { takeTypedFields } from '#src/lib/boot/typed-before-hydration.ts'
import {
  type ContactFormFields,
  contactFieldLabels,
  contactFieldNames,
  contactFormDefaults,
  contactFormFieldsSchema,
  contactLimits,
  isOptionalContactField,
} from '#supabase/functions/_shared/contact/contact-schema.ts'
import { sendContactMessage } from '../contact.functions'
import { leadSource } from '../lead-source'
import { newSubmissionId } from '../submission-id'

const Captcha = lazy(() => import('@hcaptcha/react-hcaptcha'))

type ToastText = { title: string; description: string }

export const contactToasts = {
  success: {
    title: 'Message Sent',
    description: "Thank you for contacting us. We'll get back to you shortly!",
  },
  failure: {
    title: 'Error',
    description: 'There was an error sending your message. Please try again later.',
  },
  captcha: { title: 'Captcha Required', description: 'Please complete the captcha to proceed.' },
  captchaUnavailable: {
    title: 'Spam Check Unavailable',
    description: `Our spam check could not load, so this form cannot send right now. Please call us at ${company.phone.display} or email ${company.email}, or try again later.`,
  },
} as const

const toast = (kind: 'success' | 'error', { title, description }: ToastText) =>
  void notify(kind, title, { description })

/** What the hCaptcha widget reports when its script cannot be loaded (after its own retries). */
const captchaLoadErrors = new Set(['script-error', 'script-load-error-other'])

export type ContactFormProps = { siteKey: string; initialService: ContactFormFields['service'] }

const contactFormId = 'contact-form'
const emailFallbackAction = `mailto:${company.email}?subject=${encodeURIComponent('Website enquiry')}`

/** Moves focus to the first of the named fields, in the order the form shows them. */
function focusFirstField(formId: string, names: ReadonlySet<string>) {
  const form = document.getElementById(formId)
  if (!(form instanceof HTMLFormElement)) return
  const first = [...form.elements].find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && names.has(element.getAttribute('name') ?? ''),
  )
  first?.focus()
}
const isContactField = (name: string): name is keyof ContactFormFields =>
  Object.hasOwn(contactFormDefaults, name)

/**
 * What shows only once the app has hydrated, or only until then. Each reads the hydrated state
 * itself: read in the form, it re-rendered every field right after hydration (decision 047).
 */
function OnceHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null
}
function UntilHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? null : children
}

export function ContactForm({ siteKey, initialService }: ContactFormProps) {
  const captcha = useRef<HCaptcha>(null)
  const [captchaToken, setCaptchaToken] = useState('')
  const [captchaMissing, setCaptchaMissing] = useState(false)
  const [captchaUnavailable, setCaptchaUnavailable] = useState(false)
  const honeypot = useRef<HTMLInputElement>(null)
  // One per message: kept across retries of the same message, so a resend after a lost answer
  // is not stored twice; a new one after a success.
  const submissionId = useRef<string | undefined>(undefined)
  const router = useRouter()

  const form = useForm({
    defaultValues: { ...contactFormDefaults, service: initialService } as ContactFormFields,
    validators: { onChange: contactFormFieldsSchema, onSubmit: contactFormFieldsSchema },
    onSubmit: async ({ value, formApi }) => {
      if (captchaUnavailable) {
        toast('error', contactToasts.captchaUnavailable)
        return
      }
      if (!captchaToken) {
        setCaptchaMissing(true)
        toast('error', contactToasts.captcha)
        return
      }
      // Tokens are single-use: whatever the answer, the next try needs a fresh one.
      const token = captchaToken
      submissionId.current ??= newSubmissionId()
      setCaptchaToken('')
      captcha.current?.resetCaptcha()
      try {
        const result = await sendContactMessage({
          data: {
            ...value,
            captchaToken: token,
            website: honeypot.current?.value ?? '',
            submissionId: submissionId.current,
            ...leadSource('/contact-us', (path) => router.getMatchedRoutes(path)[2]?.id),
          },
        })
        if ('error' in result) {
          void notify('error', contactToasts.failure.title, {
            description: result.rateLimited ? result.error : contactToasts.failure.description,
          })
          return
        }
        toast('success', contactToasts.success)
        submissionId.current = undefined
        formApi.reset({ ...contactFormDefaults, service: '' })
      } catch {
        toast('error', contactToasts.failure)
      }
    },
    onSubmitInvalid: ({ formApi }) => {
      const invalid = new Set(
        Object.entries(formApi.state.fieldMeta)
          .filter(([, meta]) => (meta?.errors.length ?? 0) > 0)
          .map(([name]) => name),
      )
      focusFirstField(contactFormId, invalid)
    },
  })

  const captchaErrorId = useId()
  // Keeps what the visitor typed while the page was still loading its scripts.
  useEffect(() => {
    for (const [name, value] of takeTypedFields(contactFormId)) {
      if (isContactField(name)) form.setFieldValue(name, value as ContactFormFields[typeof name])
    }
  }, [form])

  const renderField = (name: keyof ContactFormFields) => (
    <form.Field key={name} name={name}>
      {(field) => (
        <Field
          label={contactFieldLabels[name]}
          name={name}
          required={!isOptionalContactField(name)}
          error={visibleError(field.state.meta, form.state.submissionAttempts)}
        >
          {(control) =>
            contactFormControls[name].render({
              ...control,
              value: field.state.value ?? '',
              onBlur: field.handleBlur,
              onChange: (event) =>
                field.handleChange(event.target.value as ContactFormFields[typeof name]),
            })
          }
        </Field>
      )}
    </form.Field>
  )

  return (
    <form
      id={contactFormId}
      noValidate
      aria-label="Contact form"
      // Without JavaScript the browser hands the message to the visitor's email app, addressed to
      // us, instead of dropping it (or putting it in the page's address); once hydrated, and for a
      // submit before then (replayed, see replay-early-taps.ts), it is sent with the captcha.
      method="post"
      action={emailFallbackAction}
      encType="text/plain"
      // The toasts' code is fetched when the visitor first reaches into the form, not as the page
      // starts: evaluating it then was start-up work on the phone's main thread (decision 047). A
      // submit before that still toasts: notify() loads it as it needs it.
      onFocus={preloadToasts}
      onPointerDown={preloadToasts}
      onSubmit={(event) => {
        event.preventDefault()
        void form.handleSubmit()
      }}
      className={css({ display: 'grid', gap: '5' })}
    >
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        Fields marked <span aria-hidden="true">*</span>
        <span className={css({ srOnly: true })}>with an asterisk</span> are required.
      </p>
      <div
        className={css({
          display: 'grid',
          gap: '5',
          gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
        })}
      >
        {contactFieldNames
          .filter((name) => !contactFormControls[name].wide)
          .map((name) => renderField(name))}
      </div>
      {contactFieldNames
        .filter((name) => contactFormControls[name].wide)
        .map((name) => renderField(name))}
      <div aria-hidden="true" className={offScreen}>
        <label>
          Website
          <input
            ref={honeypot}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </label>
      </div>
      <div
        className={cx(
          css({ display: 'grid', gap: '2' }),
          // The widget's height, kept so the button does not move when it appears (it never does
          // without scripts).
          !captchaUnavailable && css({ minH: '78px', '@media (scripting: none)': { minH: '0' } }),
        )}
      >
        <OnceHydrated>
          <Suspense
            fallback={
              <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>Loading the spam check…</p>
            }
          >
            <Captcha
              ref={captcha}
              sitekey={siteKey}
              sentry={false}
              onVerify={(token) => {
                setCaptchaToken(token)
                setCaptchaMissing(false)
              }}
              onExpire={() => setCaptchaToken('')}
              onError={(code) => {
                setCaptchaToken('')
                if (captchaLoadErrors.has(code)) setCaptchaUnavailable(true)
              }}
            />
          </Suspense>
        </OnceHydrated>
        {captchaMissing && !captchaUnavailable ? (
          <p id={captchaErrorId} role="alert" className={fieldErrorClass}>
            {contactToasts.captcha.title} - {contactToasts.captcha.description}
          </p>
        ) : null}
      </div>
      {captchaUnavailable ? (
        <p role="alert" className={noticeClass}>
          Our spam check (a captcha) could not load, so this form cannot send right now. Please call
          us at{' '}
          <a href={`tel:${company.phone.e164}`} className={phoneNumber}>
            {company.phone.display}
          </a>{' '}
          or email <a href={`mailto:${company.email}`}>{company.email}</a>, or try again later.
        </p>
      ) : (
        // Shown until the page is interactive, so a visitor without JavaScript is not stuck.
        <UntilHydrated>
          <p className={noticeClass}>
            This form needs JavaScript for its spam check (a captcha): without it, Submit Form opens
            your email app with your message addressed to us. You can also call us at{' '}
            <a href={`tel:${company.phone.e164}`} className={phoneNumber}>
              {company.phone.display}
            </a>{' '}
            or email <a href={`mailto:${company.email}`}>{company.email}</a>.
          </p>
        </UntilHydrated>
      )}
      <form.Subscribe selector={(state) => state.isSubmitting}>
        {(isSubmitting) => (
          <button
            type="submit"
            disabled={isSubmitting}
            className={cx(css({ justifySelf: 'start' }), button({ variant: 'accent', size: 'lg' }))}
          >
            {isSubmitting ? 'Sending...' : 'Submit Form'}
          </button>
        )}
      </form.Subscribe>
    </form>
  )
}

/** Out of sight and out of the tab order, yet still in the form. */
const offScreen = css({
  position: 'absolute',
  left: '-10000px',
  w: '1px',
  h: '1px',
  overflow: 'hidden',
})
const noticeClass = css({ p: '4', borderRadius: 'md', bg: 'accent.subtle', color: 'fg.default' })
/** A number a visitor dials stays on one line. */
const phoneNumber = css({ whiteSpace: 'nowrap' })

/** What a field's control gets: its label's target, the value and the form's handlers. */
type ControlProps = FieldControlProps & {
  value: string
  onBlur: () => void
  onChange: (event: { target: { value: string } }) => void
}

type LineAttributes = Pick<
  ComponentProps<'input'>,
  'type' | 'autoComplete' | 'maxLength' | 'placeholder'
>

/** A one-line input with its own attributes. */
const lineInput = (attributes: LineAttributes) => (props: ControlProps) => (
  <input {...props} {...attributes} className={inputClass} />
)

/**
 * Each field's control, in the order of the schema (a field the schema adds is a type error here
 * until it has one). A wide control takes the form's full width below the others.
 */
const contactFormControls: Record<
  keyof ContactFormFields,
  { wide?: true; render: (props: ControlProps) => ReactNode }
> = {
  name: {
    render: lineInput({ type: 'text', autoComplete: 'name', maxLength: contactLimits.name.max }),
  },
  email: {
    render: lineInput({ type: 'email', autoComplete: 'email', maxLength: contactLimits.email.max }),
  },
  phone: {
    render: lineInput({ type: 'tel', autoComplete: 'tel', maxLength: contactLimits.phone.max }),
  },
  service: {
    render: (props) => (
      <select {...props} className={inputClass}>
        <option value="">Select a service (optional)</option>
        {contactServiceOptions.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    ),
  },
  message: {
    wide: true,
    render: (props) => (
      <textarea
        {...props}
        rows={6}
        maxLength={contactLimits.message.max}
        className={css({ ...inputStyles, h: 'auto', py: '3', resize: 'vertical' })}
      />
    ),
  },
}

type FieldMeta = { isTouched: boolean; errors: readonly unknown[] }

/** A field's first error, once the visitor has left it or tried to send. */
function visibleError(meta: FieldMeta, submissionAttempts: number): string | undefined {
  if (!meta.isTouched && submissionAttempts === 0) return undefined
  const first = meta.errors[0]
  if (typeof first === 'string') return first
  if (first && typeof first === 'object' && 'message' in first) return String(first.message)
  return undefined
}

const inputStyles = {
  w: 'full',
  h: '12',
  px: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'md',
  bg: 'bg.canvas',
  color: 'fg.default',
  fontSize: 'md',
  '&[aria-invalid=true]': { borderColor: 'border.error', borderWidth: '2px' },
} as const
const inputClass = css(inputStyles)
