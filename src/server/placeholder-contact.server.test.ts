import { describe, expect, it } from 'vitest'
import { company } from '#app.config.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/contact/log.ts'
import {
  placeholderContactDetails,
  warnOfPlaceholderContactDetails,
} from './placeholder-contact.server'

const ownDetails = { email: 'hello@maplehearth.ca', phone: { e164: '+19058841234' } }

describe('placeholderContactDetails', () => {
  it('finds the email address and phone number the site ships with', () => {
    expect(placeholderContactDetails(company)).toEqual(['email', 'phone'])
  })

  it('finds example domains and the numbers set aside for fiction, and nothing else', () => {
    expect(placeholderContactDetails({ ...ownDetails, email: 'office@mail.example.org' })).toEqual([
      'email',
    ])
    expect(placeholderContactDetails({ ...ownDetails, email: 'a@shop.test' })).toEqual(['email'])
    expect(placeholderContactDetails({ ...ownDetails, phone: { e164: '+14165550199' } })).toEqual([
      'phone',
    ])
    expect(placeholderContactDetails(ownDetails)).toEqual([])
    // 555 numbers outside 0100-0199 are real (directory assistance, assigned lines).
    expect(placeholderContactDetails({ ...ownDetails, phone: { e164: '+19055551212' } })).toEqual(
      [],
    )
    expect(placeholderContactDetails({ ...ownDetails, email: 'info@example-homes.com' })).toEqual(
      [],
    )
  })
})

describe('warnOfPlaceholderContactDetails', () => {
  it('warns once, on one line, on a public site that shows the placeholders', () => {
    const log = createMemoryLogger()
    expect(warnOfPlaceholderContactDetails('https://www.maplehearth.ca', company, log)).toBe(true)
    expect(log.entries).toEqual([
      {
        level: 'warn',
        event: 'site.placeholder_contact_details',
        fields: expect.objectContaining({
          siteUrl: 'https://www.maplehearth.ca',
          fields: 'email,phone',
        }),
      },
    ])
    expect(log.entries[0]?.fields.fix).toMatch(
      /company\.email and company\.phone in app\.config\.ts/,
    )
  })

  it('names only the detail still to replace', () => {
    const log = createMemoryLogger()
    warnOfPlaceholderContactDetails(
      'https://www.maplehearth.ca',
      { ...ownDetails, phone: company.phone },
      log,
    )
    expect(log.entries.map((entry) => entry.fields.fields)).toEqual(['phone'])
  })

  it("stays quiet on this machine and once the details are the company's own", () => {
    const log = createMemoryLogger()
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3210', 'http://[::1]:3000']) {
      expect(warnOfPlaceholderContactDetails(local, company, log)).toBe(false)
    }
    expect(warnOfPlaceholderContactDetails('https://www.maplehearth.ca', ownDetails, log)).toBe(
      false,
    )
    expect(log.entries).toEqual([])
  })
})
