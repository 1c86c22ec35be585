/**
 * The company's identity: the one place its name, numbers and addresses live.
 * Everything here is public and safe in the browser; the server's environment is read in
 * src/server/env-schema.server.ts.
 */
export const company = {
  name: 'Maple Hearth Renovations',
  shortName: 'Maple Hearth',
  legalName: 'Maple Hearth Renovations Inc.',
  foundedYear: 1998,
  warrantyYears: 2,
  // Placeholders (a number set aside for fiction, a domain reserved for examples): replace them
  // with the company's own. A public site still on them logs site.placeholder_contact_details.
  phone: { display: '(905) 555-0142', e164: '+19055550142' },
  email: 'info@example.com',
  address: {
    street: '45 Cedarbrook Crescent, Unit 3',
    locality: 'Richmond Hill',
    region: 'ON',
    regionName: 'Ontario',
    postalCode: 'L4C 0A1',
    country: 'CA',
  },
  hours: [
    { days: 'Monday – Saturday', time: '9:00AM – 5:00PM', opens: '09:00', closes: '17:00' },
    { days: 'Sunday', time: 'By appointment only' },
    { days: 'Major holidays', time: 'Closed' },
  ],
  serviceRegion: 'the Greater Toronto Area',
  reviewUrl: 'https://search.google.com/local/writereview?placeid=ChIJ-maple-hearth-renovations',
  mapUrl: 'https://www.google.com/maps/search/?api=1&query=45+Cedarbrook+Crescent+Richmond+Hill+ON',
  studioCredit: { name: 'Northlight Studio', url: 'https://northlight.example.com' },
} as const

export type Company = typeof company

/**
 * A place for the owner's proof. `sample: true` marks the template's stand-in, shown with a
 * visible "Sample" mark (and named by site.placeholder_contact_details on a public site); the
 * owner's own values go in with `sample: false`. `null` hides the place altogether.
 */
type ProofPlace<T> = (T & { sample: boolean }) | null

export type ReviewProfile = ProofPlace<{
  platform: string
  /** The public profile a visitor can check the figure on. */
  url: string
  rating: number
  count: number
  /** When the rating and count were read off the profile (YYYY-MM-DD). */
  asOf: string
}>

export type Registrations = ProofPlace<{
  licence: { issuer: string; number: string } | null
  wsibNumber: string | null
  /** The liability policy behind "insured": the insurer's name and the cover, as the certificate states it. */
  insurance: { insurer: string; liabilityCover: string } | null
  /** Memberships by name and number, drawn as a plain typed badge: never an association's logo. */
  memberships: readonly { name: string; memberNumber?: string }[]
}>

export type Team = ProofPlace<{
  members: readonly {
    name: string
    role: string
    /** A path under public/ or an absolute URL; without one, the initials stand in. */
    photo?: string
  }[]
}>

export type OwnerProof = {
  reviewProfile: ReviewProfile
  registrations: Registrations
  team: Team
}

/** The owner's evidence a visitor can check, typed (docs/configuration.md says how to fill it). */
export const proof: OwnerProof = {
  reviewProfile: {
    sample: true,
    platform: 'Google',
    url: 'https://www.google.com/maps/search/?api=1&query=Maple+Hearth+Renovations+Richmond+Hill',
    rating: 4.9,
    count: 86,
    asOf: '2026-11-01',
  },
  registrations: {
    sample: true,
    licence: { issuer: 'City of Toronto', number: 'B-00-000000' },
    wsibNumber: '0000000',
    insurance: { insurer: "Insurer's name", liabilityCover: '$5,000,000' },
    memberships: [{ name: 'Home builders’ association', memberNumber: '00000' }],
  },
  team: {
    sample: true,
    members: [
      { name: 'Owner’s name', role: 'Owner and project lead' },
      { name: 'Site lead’s name', role: 'Site lead and finish carpenter' },
      { name: 'Designer’s name', role: 'Design and estimates' },
    ],
  },
}

/** The places still holding the template's samples, as proof.<place>: what the owner has left to fill. */
export const unfilledProof = (owner: OwnerProof = proof) =>
  Object.entries(owner)
    .filter(([, place]) => place?.sample)
    .map(([name]) => `proof.${name}`)

/** Whole years since the founding, counted on `today`: the one year figure every page's copy uses. */
export const yearsInBusiness = (today = new Date()) => today.getFullYear() - company.foundedYear

export const formatAddress = (a: Company['address'] = company.address) =>
  `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`
