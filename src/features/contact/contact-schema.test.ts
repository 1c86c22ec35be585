import fc from 'fast-check'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { locationServiceIds } from '#src/content/locations.ts'
import { contactServiceOptions, serviceIds } from '#src/content/services.ts'
import {
  captchaRequiredMessage,
  contactFieldErrors,
  contactFieldLabels,
  contactFieldNames,
  contactFormFieldsSchema,
  contactMessageSchema,
} from '#supabase/functions/_shared/contact/contact-schema.ts'
import { serviceOptionForId } from './contact-schema'

const valid = {
  name: 'Zoë Béatrice Ngô',
  email: 'zoe@example.com',
  phone: '(905) 555-0142',
  service: 'Kitchen Remodeling',
  message: 'We would like a quote for a new kitchen, about 15 m².',
  captchaToken: '10000000-aaaa-bbbb-cccc-000000000001',
}

const errorsOf = (input: unknown) => {
  const result = v.safeParse(contactMessageSchema, input)
  return result.success ? {} : contactFieldErrors(result.issues)
}

describe('contactMessageSchema', () => {
  it('accepts a valid message, trims it, and defaults the optional fields', () => {
    const result = v.parse(contactMessageSchema, {
      ...valid,
      name: '  Zoë Béatrice Ngô ',
      email: ' zoe@example.com ',
      service: undefined,
    })
    expect(result).toEqual({
      ...v.getDefaults(contactMessageSchema),
      ...valid,
      service: '',
      website: '',
    })
  })

  it.each([
    ['Zoë Béatrice Ngô'],
    ["Siobhán O'Connor-Ní Bhriain"],
    ['李小龍'],
    ['Александра Петрова'],
    ['محمد علي'],
    ['J. R.'],
  ])('accepts the name %s', (name) => {
    expect(errorsOf({ ...valid, name })).toEqual({})
  })

  it('accepts every service option and no service', () => {
    for (const service of [...contactServiceOptions, '']) {
      expect(errorsOf({ ...valid, service })).toEqual({})
    }
  })

  it.each([
    ['name', '', 'Please enter your name.'],
    ['name', '   ', 'Please enter your name.'],
    ['name', 'Z', 'Your name needs at least 2 characters.'],
    ['name', 'x'.repeat(101), 'Please keep your name under 100 characters.'],
    ['name', '12345', 'Please enter your name.'],
    ['name', 'Zoë\r\nBcc: x@example.com', 'Please enter your name.'],
    ['email', '', 'Please enter your email address.'],
    ['email', 'zoe@', 'Please enter a valid email address.'],
    ['email', 'zoe example.com', 'Please enter a valid email address.'],
    ['email', `${'a'.repeat(250)}@example.com`, 'Please enter a valid email address.'],
    ['phone', '', 'Please enter your phone number.'],
    ['phone', '555-01', 'Please enter a valid phone number.'],
    ['phone', 'call me maybe', 'Please enter a valid phone number.'],
    ['phone', '(((---)))+++', 'Please enter a valid phone number.'],
    ['phone', '1'.repeat(26), 'Please enter a valid phone number.'],
    ['service', 'Roofing', 'Please choose a service from the list.'],
    ['message', '', 'Please enter a message.'],
    ['message', 'Too short', 'Please write at least 10 characters.'],
    ['message', 'x'.repeat(5001), 'Please keep your message under 5,000 characters.'],
    ['captchaToken', '', captchaRequiredMessage],
    ['captchaToken', undefined, captchaRequiredMessage],
  ])('refuses %s = %j with "%s"', (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: message })
  })

  it('accepts phone numbers in the usual formats', () => {
    for (const phone of ['905-555-0142', '+1 (905) 555 0142', '905.555.0142', '9055550142']) {
      expect(errorsOf({ ...valid, phone })).toEqual({})
    }
  })

  it('keeps the limits at their edges', () => {
    expect(errorsOf({ ...valid, name: 'Al', message: 'x'.repeat(10) })).toEqual({})
    expect(errorsOf({ ...valid, name: 'x'.repeat(100), message: 'x'.repeat(5000) })).toEqual({})
    expect(errorsOf({ ...valid, phone: '1234567' })).toEqual({})
  })

  it('refuses oversized input without trouble and reports one message per field', () => {
    const huge = 'x'.repeat(2_000_000)
    const errors = errorsOf({
      name: huge,
      email: huge,
      phone: huge,
      service: huge,
      message: huge,
      captchaToken: huge,
      website: huge,
    })
    expect(Object.keys(errors).sort()).toEqual(
      ['captchaToken', 'email', 'message', 'name', 'phone', 'service', 'website'].sort(),
    )
  })

  it('refuses things that are not a message at all', () => {
    for (const input of [null, undefined, 42, 'hello', [], { ...valid, name: 42 }]) {
      expect(v.safeParse(contactMessageSchema, input).success).toBe(false)
    }
  })

  it('keeps the honeypot and drops unknown fields', () => {
    const result = v.parse(contactMessageSchema, { ...valid, website: 'http://spam', admin: true })
    expect(result.website).toBe('http://spam')
    expect(result).not.toHaveProperty('admin')
  })

  it('never throws: any input is a success or a list of issues', () => {
    const field = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 120 }),
      fc.constantFrom(...contactServiceOptions, ''),
      fc.emailAddress(),
      fc.integer(),
      fc.constant(null),
      fc.constant(undefined),
    )
    fc.assert(
      fc.property(
        fc.oneof(
          fc.record({
            name: field,
            email: field,
            phone: field,
            service: field,
            message: field,
            captchaToken: field,
            website: field,
          }),
          fc.anything(),
        ),
        (input) => {
          const result = v.safeParse(contactMessageSchema, input)
          if (result.success) {
            expect(result.output.name.length).toBeGreaterThanOrEqual(2)
            expect(result.output.message.length).toBeLessThanOrEqual(5000)
          } else {
            expect(result.issues.length).toBeGreaterThan(0)
            for (const issue of result.issues) expect(issue.message).toMatch(/\S/)
          }
        },
      ),
      { numRuns: 400 },
    )
  })
})

describe('contactFormFieldsSchema', () => {
  it('validates the visible fields without captcha or honeypot', () => {
    const { captchaToken: _token, ...fields } = valid
    expect(v.safeParse(contactFormFieldsSchema, fields).success).toBe(true)
    // The visible fields are the message's, without what the visitor never types.
    const hidden = ['captchaToken', 'website', 'sourceRoute', 'referrerHost', 'submissionId']
    expect(Object.keys(contactFormFieldsSchema.entries)).toEqual(
      Object.keys(contactMessageSchema.entries).filter((key) => !hidden.includes(key)),
    )
    // Each has a label of its own: the form, the email and the inbox tell them apart by it.
    expect(new Set(Object.values(contactFieldLabels)).size).toBe(contactFieldNames.length)
  })
})

describe('serviceOptionForId', () => {
  it('maps every service and location service id to one of the form options', () => {
    for (const id of [...serviceIds, ...locationServiceIds]) {
      expect(contactServiceOptions).toContain(serviceOptionForId(id))
    }
    expect(serviceOptionForId('laser-cutting-art')).toBe('Custom Carpentry')
    expect(serviceOptionForId('home-design-architect')).toBe('Home Design')
    expect(serviceOptionForId('home-improvement')).toBe('Home Improvement')
  })

  it('preselects nothing for an unknown or missing id', () => {
    for (const id of ['roofing', '', undefined, null, 'constructor', '__proto__', 'toString']) {
      expect(serviceOptionForId(id)).toBe('')
    }
  })
})
