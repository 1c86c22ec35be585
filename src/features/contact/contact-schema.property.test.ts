/**
 * The contact schema on generated input. contact-schema.test.ts holds the examples and a first
 * never-throws property; this adds the contract: every accepted message meets every documented
 * limit and is a fixed point, every valid message is accepted, and every refusal speaks in one
 * of the form's own sentences, one per field.
 */
import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { contactServiceOptions } from '#src/content/services.ts'
import {
  captchaRequiredMessage,
  contactFieldErrors,
  contactFieldNames,
  contactFormFieldsSchema,
  contactLimits,
  contactMessageSchema,
  contactMessageShapeError,
} from '#supabase/functions/_shared/contact/contact-schema.ts'

/** Every sentence a visitor can be shown next to a field. */
const fieldMessages = new Set([
  'Please enter your name.',
  'Your name needs at least 2 characters.',
  'Please keep your name under 100 characters.',
  'Please enter your email address.',
  'Please enter a valid email address.',
  'Please enter your phone number.',
  'Please enter a valid phone number.',
  'Please choose a service from the list.',
  'Please enter a message.',
  'Please write at least 10 characters.',
  'Please keep your message under 5,000 characters.',
  captchaRequiredMessage,
])
const visibleFields = [...contactFieldNames, 'captchaToken'] as const

// Valid by construction, within every limit.
const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéèçñøßżłЖжДдλπ李王김'.split(''))
const validName = fc
  .array(fc.string({ unit: letters, minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 5 })
  .map((words) => words.join(' '))
  .filter((name) => name.length >= 2 && name.length <= 100)
const label = fc.stringMatching(/^[a-z0-9]{1,12}$/)
const validEmail = fc
  .tuple(
    fc.array(fc.stringMatching(/^[a-z0-9_+-]{1,10}$/), { minLength: 1, maxLength: 3 }),
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .map(([local, domain, tld]) => `${local.join('.')}@${domain.join('.')}.${tld}`)
  .filter((email) => email.length <= contactLimits.email.max)
const validPhone = fc
  .tuple(
    fc.constantFrom('', '+1 ', '+44 '),
    fc.stringMatching(/^\d{3}$/),
    fc.constantFrom('-', ' ', '.', ''),
    fc.stringMatching(/^\d{3}$/),
    fc.constantFrom('-', ' ', ''),
    fc.stringMatching(/^\d{4}$/),
  )
  .map(([country, a, sep1, b, sep2, c]) => `${country}(${a})${sep1}${b}${sep2}${c}`)
const validMessage = fc
  .string({ unit: 'grapheme-composite', minLength: 10, maxLength: 600 })
  .filter((text) => text.trim().length >= 10)
const padded = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.constantFrom('', ' ', '  ', '\t'), text, fc.constantFrom('', ' ', '\n'))
    .map(([before, core, after]) => `${before}${core}${after}`)
const validInput = fc.record({
  name: padded(validName),
  email: padded(validEmail),
  phone: padded(validPhone),
  service: fc.constantFrom(...contactServiceOptions, ''),
  message: validMessage,
  captchaToken: fc.stringMatching(/^[A-Za-z0-9_.-]{1,200}$/),
})

// Anything: right-shaped junk, wrong types, missing fields, sizes at and past the limits.
const anyField = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  validName,
  validEmail,
  validPhone,
  fc.constantFrom(...contactServiceOptions, '', ' ', 'Roofing'),
  fc.nat(6_000).map((n) => 'x'.repeat(n)),
  fc.constantFrom('\u0000', '\r\nBcc: x@example.com', '\u202e', ' '.repeat(50)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 2 }),
  fc.object({ maxDepth: 1 }),
)
const anyInput = fc.oneof(
  fc.record(
    {
      name: anyField,
      email: anyField,
      phone: anyField,
      service: anyField,
      message: anyField,
      captchaToken: anyField,
      website: anyField,
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
)

const controlCharacter = /\p{Cc}/u
const bidiControl = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u
/** What may not reach a stored message or a mail header: line breaks, NUL, bidi overrides. */
const hostileCharacter = fc.constantFrom(
  '\r\n',
  '\n',
  '\r',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u0085',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2069',
  '\u200f',
  '\u061c',
)
/** `text` with hostile characters put in at random places. */
const spliced = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.array(fc.tuple(fc.nat(), hostileCharacter), { minLength: 1, maxLength: 4 }))
    .map(([core, insertions]) =>
      insertions.reduce((result, [at, character]) => {
        const index = at % (result.length + 1)
        return result.slice(0, index) + character + result.slice(index)
      }, core),
    )

describe('contactMessageSchema, on any input', () => {
  it('accepts only messages that meet every limit, already trimmed, and is a fixed point', () => {
    // Junk alone is almost never accepted: valid messages are mixed in, so the checks below run.
    let accepted = 0
    fc.assert(
      fc.property(fc.oneof(anyInput, validInput), (input) => {
        const result = v.safeParse(contactMessageSchema, input)
        if (!result.success) return
        accepted++
        const m = result.output
        for (const text of [m.name, m.email, m.phone, m.message, m.captchaToken]) {
          expect(text).toBe(text.trim())
          expect(text).not.toBe('')
        }
        expect(m.name.length).toBeGreaterThanOrEqual(contactLimits.name.min)
        expect(m.name.length).toBeLessThanOrEqual(contactLimits.name.max)
        expect(m.name).toMatch(/\p{L}/u)
        expect(m.name).not.toMatch(controlCharacter)
        expect(m.email.length).toBeLessThanOrEqual(contactLimits.email.max)
        expect(m.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
        expect(m.phone).toMatch(/^[\d +\-().]{7,25}$/)
        expect(m.phone.replace(/\D/g, '').length).toBeGreaterThanOrEqual(7)
        expect([...contactServiceOptions, '']).toContain(m.service)
        expect(m.message.length).toBeGreaterThanOrEqual(contactLimits.message.min)
        expect(m.message.length).toBeLessThanOrEqual(contactLimits.message.max)
        expect(m.captchaToken.length).toBeLessThanOrEqual(contactLimits.captchaToken.max)
        expect(m.website.length).toBeLessThanOrEqual(contactLimits.website.max)
        expect(Object.keys(m).sort()).toEqual([...visibleFields, 'website'].sort())
        expect(v.parse(contactMessageSchema, m)).toEqual(m)
      }),
      { numRuns: 1_500 },
    )
    expect(accepted).toBeGreaterThan(100)
  })

  it('lets no control or bidirectional formatting character through: refused in a name, an address or a number, removed from a message (line breaks and tabs stay)', () => {
    const field = fc.constantFrom('name', 'email', 'phone', 'message')
    fc.assert(
      fc.property(validInput, field, fc.context(), (input, target, context) =>
        fc.assert(
          fc.property(spliced(fc.constant(input[target])), (hostile) => {
            context.log(JSON.stringify(hostile))
            const result = v.safeParse(contactMessageSchema, { ...input, [target]: hostile })
            if (!result.success) {
              expect(contactFieldErrors(result.issues)[target]).toBeDefined()
              return
            }
            const m = result.output
            for (const text of [m.name, m.email, m.phone]) {
              expect(text).not.toMatch(controlCharacter)
            }
            for (const text of [m.name, m.email, m.phone, m.message]) {
              expect(text).not.toMatch(bidiControl)
            }
            expect(m.message.replace(/[\t\n\r]/g, '')).not.toMatch(controlCharacter)
          }),
          { numRuns: 5 },
        ),
      ),
      { numRuns: 300 },
    )
  })

  it('refuses a line break in a phone number, and the override in a name is removed', () => {
    const valid = {
      name: 'Ann Example',
      email: 'ann@example.com',
      phone: '905 555 0100',
      message: 'Please call about a kitchen.',
      captchaToken: 'token',
    }
    const phone = v.safeParse(contactMessageSchema, { ...valid, phone: '905 555\r\n0100' })
    expect(phone.success).toBe(false)
    const name = v.safeParse(contactMessageSchema, { ...valid, name: 'Ann \u202eelpmaxE' })
    expect(name.success && name.output.name).toBe('Ann elpmaxE')
  })

  it('refuses in the form’s own words: one sentence per visible field that failed', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = v.safeParse(contactMessageSchema, input)
        if (result.success) return
        const errors = contactFieldErrors(result.issues)
        for (const field of visibleFields) {
          const message = errors[field]
          if (message === undefined) continue
          // The form always sends every field; a caller that leaves one out is told to.
          if (Object.hasOwn(input as object, field)) {
            expect(fieldMessages, `${field}: ${message}`).toContain(message)
          } else {
            expect(message).toBe(contactMessageShapeError)
          }
        }
        for (const message of Object.values(errors)) expect(message).toMatch(/\S/)
        // A refusal that names no field is about the whole body (not an object at all).
        if (Object.keys(errors).length === 0) {
          expect(typeof input !== 'object' || input === null || Array.isArray(input)).toBe(true)
        }
      }),
      { numRuns: 1_500 },
    )
  })

  it('accepts every valid message, trimmed, with the honeypot empty', () => {
    fc.assert(
      fc.property(validInput, (input) => {
        const result = v.safeParse(contactMessageSchema, input)
        expect(result.issues?.map((issue) => issue.message) ?? []).toEqual([])
        expect(result.output).toEqual({
          // An optional field the input leaves out takes the schema's default.
          ...v.getDefaults(contactMessageSchema),
          name: input.name.trim(),
          email: input.email.trim(),
          phone: input.phone.trim(),
          service: input.service,
          message: input.message.trim(),
          captchaToken: input.captchaToken,
          website: '',
        })
      }),
      { numRuns: 1_000 },
    )
  })

  it('one bad field is reported on that field alone', () => {
    const breakers: Record<string, fc.Arbitrary<unknown>> = {
      name: fc.constantFrom('', 'Z', '12345', 'x'.repeat(101), 'Zoë\nBcc: a@b.c', null, 7),
      email: fc.constantFrom('', 'zoe@', 'zoe example.com', `${'a'.repeat(250)}@example.com`, []),
      phone: fc.constantFrom('', '555-01', 'call me', '(((---)))+++', '1'.repeat(26), {}),
      service: fc.constantFrom('Roofing', 'kitchen remodeling', 0, null),
      message: fc.constantFrom('', 'Too short', 'x'.repeat(5_001), false),
      captchaToken: fc.constantFrom('', '   ', undefined, 'x'.repeat(8_193)),
    }
    const breakage = fc
      .constantFrom(...Object.keys(breakers))
      .chain((field) =>
        (breakers[field] as fc.Arbitrary<unknown>).map((bad) => [field, bad] as const),
      )
    fc.assert(
      fc.property(validInput, breakage, (input, [field, bad]) => {
        const result = v.safeParse(contactMessageSchema, { ...input, [field]: bad })
        expect(result.success).toBe(false)
        expect(Object.keys(contactFieldErrors(result.issues ?? []))).toEqual([field])
      }),
      { numRuns: 600 },
    )
  })

  it('the form’s field schema agrees with the server schema on the visible fields', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const fields = v.safeParse(contactFormFieldsSchema, input)
        const full = v.safeParse(contactMessageSchema, input)
        if (full.success) expect(fields.success).toBe(true)
        if (!fields.success && fields.issues) {
          const formFields = contactFieldErrors(fields.issues)
          const serverFields = full.success ? {} : contactFieldErrors(full.issues)
          for (const [field, message] of Object.entries(formFields)) {
            expect(serverFields[field as keyof typeof serverFields]).toBe(message)
          }
        }
      }),
      { numRuns: 800 },
    )
  })
})
