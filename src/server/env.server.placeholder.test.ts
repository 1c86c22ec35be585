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
    const templateDetails = {
      email: 'info@maplehearth.example.com',
      phone: { e164: '+19055550142' },
    }
    const templateProof = [
      'proof.reviewProfile',
      'proof.registrations',
      'proof.team',
      'testimonials',
    ]
    warnOfPlaceholderContactDetails(
      'https://www.maplehearth.ca',
      templateDetails,
      log,
      templateProof,
    )
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
    const onSamples = {
      reviewProfile: {
        sample: true,
        platform: 'Google',
        url: 'https://g.co/x',
        rating: 4.9,
        count: 86,
        asOf: '2026-11-01',
      },
      registrations: {
        sample: true,
        licence: null,
        wsibNumber: '0000000',
        insurance: null,
        memberships: [],
      },
      team: { sample: true, members: [] },
    }
    const filledReviews = {
      ...onSamples,
      reviewProfile: { ...onSamples.reviewProfile, sample: false },
    }
    expect(unfilledProof(filledReviews)).toEqual(['proof.registrations', 'proof.team'])
    expect(unfilledProof({ reviewProfile: null, registrations: null, team: null })).toEqual([])
    const withSample = (sample: boolean) =>
      homeTestimonials.map((testimonial) => ({ ...testimonial, sample }))
    expect(shippedSampleProof(withSample(false))).not.toContain('testimonials')
    expect(shippedSampleProof(withSample(true))).toContain('testimonials')
    // Whatever app.config.ts holds now, the warning names exactly its places still on samples.
    expect(shippedSampleProof(withSample(false))).toEqual(unfilledProof(proof))

    const log = createMemoryLogger()
    warnOfPlaceholderContactDetails('https://www.maplehearth.ca', ownDetails, log, ['proof.team'])
    expect(log.entries.map((entry) => entry.fields.fields)).toEqual(['proof.team'])
  })

  it('finds example domains and the numbers set aside for fiction, and nothing else', () => {
    expect(warnedOf({ ...ownDetails, email: 'office@mail.example.org' })).toEqual(['email'])
    expect(warnedOf({ ...ownDetails, email: 'a@shop.test' })).toEqual(['email'])
    expect(warnedOf({ ...ownDetails, phone: { e164: '+14165550199' } })).toEqual(['phone'])
    expect(warnedOf({ ...ownDetails, phone: { e164: '+14165550100' } })).toEqual(['phone'])
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
