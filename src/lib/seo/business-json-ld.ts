import type { HomeAndConstructionBusiness, WithContext } from 'schema-dts'
import { company } from '#app.config.ts'
import { locationCatalog, locationIds } from '#src/content/locations.ts'
import { absoluteUrl } from './page-head'

export const businessId = (siteUrl: string) => absoluteUrl(siteUrl, '/#business')

const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** The company, site-wide: what a search engine shows in a local result. */
export function businessJsonLd(siteUrl: string): WithContext<HomeAndConstructionBusiness> {
  const { address } = company
  const weekdays = company.hours[0]
  return {
    '@context': 'https://schema.org',
    '@type': 'HomeAndConstructionBusiness',
    '@id': businessId(siteUrl),
    name: company.name,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/apple-touch-icon.png'),
    image: absoluteUrl(siteUrl, '/images/og-default.png'),
    telephone: company.phone.e164,
    email: company.email,
    foundingDate: String(company.foundedYear),
    priceRange: '$$$',
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    openingHoursSpecification:
      'opens' in weekdays
        ? [
            {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: [...dayNames],
              opens: weekdays.opens,
              closes: weekdays.closes,
            },
          ]
        : [],
    areaServed: [
      { '@type': 'City', name: company.address.locality },
      ...locationIds.map((id) => ({ '@type': 'City' as const, name: locationCatalog[id].name })),
      { '@type': 'AdministrativeArea', name: 'Greater Toronto Area' },
    ],
    sameAs: [company.reviewUrl],
  }
}
