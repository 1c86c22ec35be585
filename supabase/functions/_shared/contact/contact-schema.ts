/**
 * The one schema of a contact message, shared by the form (field errors), the server function
 * (input validator) and the contact core, which the edge function runs. It lives here, inside
 * supabase/functions, so the function deploys on its own; the site imports it from here. Only the
 * bare `valibot` import (mapped to npm in send-contact-message/deno.json).
 *
 * Client-safe: nothing secret, no server module.
 */
import * as v from 'valibot'

/**
 * The service choices the function accepts, in the spec's order (section 5). The site's form
 * takes its options from the service vocabulary (`serviceVocabulary`, src/content/services.ts),
 * which this folder cannot import (it deploys on its own): content.test.ts holds the two equal.
 */
export const contactServiceOptions = [
  'Kitchen Remodeling',
  'Bathroom Remodeling',
  'Commercial Remodeling',
  'Home Improvement',
  'General Contractor',
  'Home Design',
  'Design Build',
  'Custom Carpentry',
  'Cabinet Carpentry',
] as const

export const captchaRequiredMessage = 'Captcha Required - Please complete the captcha to proceed.'

export const contactLimits = {
  name: { min: 2, max: 100 },
  email: { max: 254 },
  phone: { min: 7, max: 25, minDigits: 7 },
  message: { min: 10, max: 5000 },
  /** hCaptcha tokens are a few thousand characters at most. */
  captchaToken: { max: 8192 },
  website: { max: 2000 },
} as const

/** Text that is trimmed and must not be empty: `message` when it is not text or is empty. */
const filledIn = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message))

/** One message per field: the first failed rule wins. */
const field = <const TSchema extends v.GenericSchema>(schema: TSchema) =>
  v.config(schema, { abortPipeEarly: true })

/** Control characters (line breaks included) have no place in a name, an address or a number. */
const noControlCharacters = /^\P{Cc}*$/u

/**
 * Bidirectional formatting characters: invisible, and able to make text read other than it is
 * written (U+202E turns "Annexe.pdf" around). Removed from what a visitor sends.
 */
const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu
const withoutBidiControls = v.transform((text: string) => text.replace(bidiControls, ''))

/** Control characters other than tab and line breaks: removed from a message (Postgres refuses NUL). */
const messageControls = /[^\P{Cc}\t\n\r]/gu

const nameSchema = field(
  v.pipe(
    v.string('Please enter your name.'),
    withoutBidiControls,
    v.trim(),
    v.nonEmpty('Please enter your name.'),
    v.minLength(contactLimits.name.min, 'Your name needs at least 2 characters.'),
    v.maxLength(contactLimits.name.max, 'Please keep your name under 100 characters.'),
    v.regex(noControlCharacters, 'Please enter your name.'),
    v.regex(/\p{L}/u, 'Please enter your name.'),
  ),
)

const emailSchema = field(
  v.pipe(
    filledIn('Please enter your email address.'),
    v.maxLength(contactLimits.email.max, 'Please enter a valid email address.'),
    v.email('Please enter a valid email address.'),
  ),
)

const phoneSchema = field(
  v.pipe(
    filledIn('Please enter your phone number.'),
    v.minLength(contactLimits.phone.min, 'Please enter a valid phone number.'),
    v.maxLength(contactLimits.phone.max, 'Please enter a valid phone number.'),
    // Spaces, not \s: a line break or a tab is not part of a number.
    v.regex(/^[\d +\-().]+$/, 'Please enter a valid phone number.'),
    v.check(
      (phone) => (phone.match(/\d/g)?.length ?? 0) >= contactLimits.phone.minDigits,
      'Please enter a valid phone number.',
    ),
  ),
)

const serviceSchema = v.optional(
  v.union(
    [v.literal(''), v.picklist(contactServiceOptions)],
    'Please choose a service from the list.',
  ),
  '',
)

const messageSchema = field(
  v.pipe(
    v.string('Please enter a message.'),
    withoutBidiControls,
    v.transform((text: string) => text.replace(messageControls, '')),
    v.trim(),
    v.nonEmpty('Please enter a message.'),
    v.minLength(contactLimits.message.min, 'Please write at least 10 characters.'),
    v.maxLength(contactLimits.message.max, 'Please keep your message under 5,000 characters.'),
  ),
)

const captchaTokenSchema = field(
  v.pipe(
    filledIn(captchaRequiredMessage),
    v.maxLength(contactLimits.captchaToken.max, captchaRequiredMessage),
  ),
)

/** A field people never see: a bot that fills it is answered "ok" and ignored. */
const honeypotSchema = v.optional(
  v.pipe(
    v.string('Please leave this field empty.'),
    v.maxLength(contactLimits.website.max, 'Please leave this field empty.'),
  ),
  '',
)

/**
 * The fields a visitor fills in, in the form's order: the one list the form, the stored row (a
 * column each, `preferredTime` in `preferred_time`), the notification email and the inbox take
 * theirs from. A new field also needs its label below, its empty value in `contactFormDefaults`,
 * its control in the form and its column in a migration (docs/recipes/new-contact-field.md).
 */
const fieldEntries = {
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  service: serviceSchema,
  message: messageSchema,
}

/**
 * Where the lead came from, as the form reports it: the route pattern of the page that led to the
 * form (never its URL) and the host of a referring site. Optional, and a value that does not fit
 * is dropped rather than refusing the message: a lead must never be lost over its source.
 */
const sourceRouteSchema = v.fallback(
  v.optional(v.pipe(v.string(), v.regex(/^\/[A-Za-z0-9/$._-]{0,99}$/))),
  undefined,
)
const referrerHostSchema = v.fallback(
  v.optional(v.pipe(v.string(), v.toLowerCase(), v.regex(/^[a-z0-9.-]{1,253}$/))),
  undefined,
)

/**
 * An id the browser makes once per message, so a resend after a lost answer is recognised as the
 * same message. Optional, and a value that is not a UUID is dropped: never a reason to refuse.
 */
const submissionIdSchema = v.fallback(
  v.optional(v.pipe(v.string(), v.toLowerCase(), v.uuid())),
  undefined,
)

/** What a refusal of the whole body says (not an object, or a field missing). */
export const contactMessageShapeError = 'Please send the form with every field.'

/** The visible fields, for field-level validation in the form. */
export const contactFormFieldsSchema = v.object(fieldEntries, contactMessageShapeError)

/**
 * Everything the server accepts: the fields, the captcha token, the honeypot, the source and the
 * submission id.
 */
export const contactMessageSchema = v.object(
  {
    ...fieldEntries,
    captchaToken: captchaTokenSchema,
    website: honeypotSchema,
    sourceRoute: sourceRouteSchema,
    referrerHost: referrerHostSchema,
    submissionId: submissionIdSchema,
  },
  contactMessageShapeError,
)

export type ContactFormFields = v.InferInput<typeof contactFormFieldsSchema>
export type ContactMessageInput = v.InferInput<typeof contactMessageSchema>
export type ContactMessage = v.InferOutput<typeof contactMessageSchema>
/** The fields a stored message keeps (no token, no honeypot; its source is kept beside them). */
export type ContactMessageFields = v.InferOutput<typeof contactFormFieldsSchema>

/** The visitor's fields by name, in the form's order (the schema's). */
export const contactFieldNames = Object.keys(fieldEntries) as (keyof ContactMessageFields)[]

/** Each field's label: the form's, the notification email's and the inbox's. */
export const contactFieldLabels: Record<keyof ContactMessageFields, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  service: 'Service',
  message: 'Message',
}

/** A field the visitor may leave empty (the form marks the others required). */
export const isOptionalContactField = (name: keyof ContactMessageFields) =>
  fieldEntries[name].type === 'optional'

/** Empty form values, in the schema's shape: every field, optional ones too. */
export const contactFormDefaults = {
  name: '',
  email: '',
  phone: '',
  service: '',
  message: '',
} satisfies Required<ContactFormFields>

/** The first message of each field that failed, for showing next to its input. */
export function contactFieldErrors(issues: readonly v.BaseIssue<unknown>[]) {
  const errors: Partial<Record<keyof ContactMessage, string>> = {}
  for (const issue of issues) {
    const key = v.getDotPath(issue) as keyof ContactMessage | null
    if (key && !(key in errors)) errors[key] = issue.message
  }
  return errors
}
