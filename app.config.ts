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
  /** As the company's Google Business Profile shows them: keep in step with it. */
  reviews: { platform: 'Google', rating: 4.9, count: 86 },
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

/** Whole years since the founding, counted on `today`: the one year figure every page's copy uses. */
export const yearsInBusiness = (today = new Date()) => today.getFullYear() - company.foundedYear

export const formatAddress = (a: Company['address'] = company.address) =>
  `${a.street}, ${a.locality}, ${a.region} ${a.postalCode}`
