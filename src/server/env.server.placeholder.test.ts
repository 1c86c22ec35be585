import { describe, expect, it } from 'vitest'
import { company, proof, unfilledProof } from '#app.config.ts'
import { homeTestimonials } from '#src/content/testimonials.content.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { shippedSampleProof, warnOfPlaceholderContactDetails } from './env.server'

const ownDetails = { email: 'hello@maplehearth.ca', phone: { e164: '+19058841234' } }

/** The details a public site is warned of, as the log line names them. */
function warnedOf(facts: typeof ownDetails, siteUrl = 'https://www.maplehearth.ca') {
  const log = createMemoryLogger()
  warnOfPlaceholderContactDetails(siteUrl, facts, log, [])
  return log.entries.map((entry) => entry.fields.fields)
}

describe('warnOfPlaceholderContactDetails', () => {
  it('warns once, on one line, on a public site that shows the placeholders', () => {
    const log = createMemoryLogger()
    warnOfPlaceholderContactDetails('https://www.maplehearth.ca', company, log)
    expect(log.entries).toEqual([
      {
        level: 'warn',
        event: 'site.placeholder_contact_details',
        fields: expect.objectContaining({
          siteUrl: 'https://www.maplehearth.ca',
          fields: 'email,phone,proof.reviewProfile,proof.registrations,proof.team,testimonials',
        }),
      },
    ])
    expect(log.entries[0]?.fields.fix).toMatch(
      /company\.email and company\.phone in app\.config\.ts/,
    )
    expect(log.entries[0]?.fields.fix).toMatch(/fill proof\.reviewProfile, .*sample: false/)
  })

  it('names only the proof the owner has left on the samples', () => {
    if (!proof.reviewProfile) throw new Error('the template ships a sample review profile')
    const filledReviews = { ...proof, reviewProfile: { ...proof.reviewProfile, sample: false } }
    expect(unfilledProof(filledReviews)).toEqual(['proof.registrations', 'proof.team'])
    expect(unfilledProof({ reviewProfile: null, registrations: null, team: null })).toEqual([])
    const ownTestimonials = homeTestimonials.map((testimonial) => ({
      ...testimonial,
      sample: false,
    }))
    expect(shippedSampleProof(ownTestimonials)).not.toContain('testimonials')
    expect(shippedSampleProof()).toContain('testimonials')

    const log = createMemoryLogger()
    warnOfPlaceholderContactDetails('https://www.maplehearth.ca', ownDetails, log, ['proof.team'])
    expect(log.entries.map((entry) => entry.fields.fields)).toEqual(['proof.team'])
  })

  it('finds example domains and the numbers set aside for fiction, and nothing else', () => {
    expect(warnedOf({ ...ownDetails, email: 'office@mail.example.org' })).toEqual(['email'])
    expect(warnedOf({ ...ownDetails, email: 'a@shop.test' })).toEqual(['email'])
    expect(warnedOf({ ...ownDetails, phone: { e164: '+14165550199' } })).toEqual(['phone'])
    expect(warnedOf({ ...ownDetails, phone: company.phone })).toEqual(['phone'])
    // 555 numbers outside 0100-0199 are real (directory assistance, assigned lines).
    expect(warnedOf({ ...ownDetails, phone: { e164: '+19055551212' } })).toEqual([])
    expect(warnedOf({ ...ownDetails, email: 'info@example-homes.com' })).toEqual([])
  })

  it("stays quiet on this machine and once the details are the company's own", () => {
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3210', 'http://[::1]:3000']) {
      expect(warnedOf(company, local)).toEqual([])
    }
    expect(warnedOf(ownDetails)).toEqual([])
  })
})
