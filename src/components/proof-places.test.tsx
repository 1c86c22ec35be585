import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { proof } from '#app.config.ts'
import { homeContent } from '#src/content/home.content.ts'
import { homeTestimonials } from '#src/content/testimonials.content.ts'
import { TeamSection } from '#src/features/about/components/TeamSection.tsx'
import { RegistrationsLine } from './RegistrationsLine'
import { TestimonialCard } from './TestimonialCard'
import { TrustStrip } from './TrustStrip'

/** What a visitor reads: the markup's text, tags left out. */
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
const sampleMarks = (markup: string) => markup.match(/data-sample-mark/g)?.length ?? 0

const ownRegistrations = {
  sample: false,
  licence: { issuer: 'City of Toronto', number: 'B-07-123456' },
  wsibNumber: '7654321',
  insurance: { insurer: 'Northbridge Insurance', liabilityCover: '$5,000,000' },
  memberships: [{ name: 'Renovators’ Guild', memberNumber: '4411' }],
}

describe("the owner's proof places", () => {
  it('shows the licence, WSIB and membership numbers, marked only while they are samples', () => {
    const sample = renderToStaticMarkup(
      <RegistrationsLine registrations={{ ...ownRegistrations, sample: true }} />,
    )
    expect(textOf(sample)).toContain('WSIB 7654321')
    expect(sampleMarks(sample)).toBe(1)
    // Whatever app.config.ts holds now: marked exactly while it is the template's.
    const shipped = renderToStaticMarkup(<RegistrationsLine />)
    expect(sampleMarks(shipped)).toBe(proof.registrations?.sample ? 1 : 0)

    const own = renderToStaticMarkup(<RegistrationsLine registrations={ownRegistrations} />)
    expect(textOf(own)).toContain('City of Toronto licence B-07-123456')
    expect(textOf(own)).toContain('WSIB 7654321')
    expect(textOf(own)).toContain('$5,000,000 liability cover with Northbridge Insurance')
    expect(textOf(own)).toContain('Member, Renovators’ Guild #4411')
    expect(sampleMarks(own)).toBe(0)
    expect(renderToStaticMarkup(<RegistrationsLine registrations={null} />)).toBe('')
  })

  it('puts the licence and WSIB numbers under "Licensed & insured", marked while they are samples', () => {
    const licensed = homeContent.trust.items.find((item) => item.value === 'Licensed & insured')
    const { licence, wsibNumber } = proof.registrations ?? {}
    if (licence) expect(licensed?.label).toContain(`${licence.issuer} licence ${licence.number}`)
    if (wsibNumber) expect(licensed?.label).toContain(`WSIB\u00a0${wsibNumber}`)
    const insurance = proof.registrations?.insurance
    if (insurance) expect(licensed?.label).toContain(`${insurance.liabilityCover} liability cover`)
    expect(Boolean(licensed?.sample)).toBe(Boolean(proof.registrations?.sample))
  })

  it('names the crew with their roles, a photo where given and initials where not', () => {
    const members = [
      { name: 'Elena Marsh', role: 'Owner' },
      { name: 'Sam Oduya', role: 'Site lead', photo: '/team/sam.jpg' },
    ]
    const sample = renderToStaticMarkup(<TeamSection team={{ sample: true, members }} />)
    expect(sampleMarks(sample)).toBe(1)
    expect(sampleMarks(renderToStaticMarkup(<TeamSection />))).toBe(proof.team?.sample ? 1 : 0)

    const own = renderToStaticMarkup(<TeamSection team={{ sample: false, members }} />)
    expect(textOf(own)).toContain('Elena Marsh Owner')
    expect(own).toMatch(/<span aria-hidden="true"[^>]*>EM<\/span>/)
    expect(own).toContain('src="/team/sam.jpg"')
    expect(sampleMarks(own)).toBe(0)
    expect(renderToStaticMarkup(<TeamSection team={null} />)).toBe('')
  })

  it('links the rating to its review profile, marked while the figure is a sample', () => {
    const strip = renderToStaticMarkup(
      <TrustStrip label={homeContent.trust.label} items={homeContent.trust.items} />,
    )
    const profile = proof.reviewProfile
    if (profile) expect(strip).toContain(`href="${profile.url.replaceAll('&', '&amp;')}"`)
    expect(sampleMarks(strip)).toBe(
      (profile?.sample ? 1 : 0) + (proof.registrations?.sample ? 1 : 0),
    )

    const [shippedItem] = homeContent.trust.items
    if (!shippedItem) throw new Error('the home page has a trust strip')
    const rating = {
      ...shippedItem,
      value: '4.8',
      label: 'from 127 Google reviews',
      source: { href: 'https://g.co/kgs/own-profile' },
      sample: 'rating',
    }
    const sampleStrip = renderToStaticMarkup(<TrustStrip label="Trust" items={[rating]} />)
    expect(sampleStrip).toContain('href="https://g.co/kgs/own-profile"')
    expect(sampleMarks(sampleStrip)).toBe(1)
    const ownItems = [{ ...rating, sample: undefined }]
    expect(sampleMarks(renderToStaticMarkup(<TrustStrip label="Trust" items={ownItems} />))).toBe(0)
  })

  it('signs a testimonial with its date and source, marked while it is a sample', () => {
    const [first] = homeTestimonials
    if (!first) throw new Error('the home page has testimonials')
    const sample = { ...first, sample: true }
    expect(sampleMarks(renderToStaticMarkup(<TestimonialCard testimonial={sample} />))).toBe(1)

    const own = renderToStaticMarkup(
      <TestimonialCard
        testimonial={{
          ...first,
          author: 'Sarah Mitchell',
          date: '2026-05-14',
          sourceUrl: 'https://g.co/kgs/review-1',
          sample: false,
        }}
      />,
    )
    expect(textOf(own)).toContain('Sarah Mitchell, Richmond Hill')
    expect(own).toContain('<time dateTime="2026-05-14">')
    expect(own).toContain('href="https://g.co/kgs/review-1"')
    expect(sampleMarks(own)).toBe(0)
  })
})
