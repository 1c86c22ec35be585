import type {
  BreadcrumbList,
  FAQPage,
  HomeAndConstructionBusiness,
  Service,
  WithContext,
} from 'schema-dts'
import { company } from '../../../app.config'
import { locationIds } from '../locations/location-ids'
import { locationNames } from '../locations/location-names'
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
      ...locationIds.map((id) => ({ '@type': 'City' as const, name: locationNames[id] })),
      { '@type': 'AdministrativeArea', name: 'Greater Toronto Area' },
    ],
    sameAs: [company.reviewUrl],
  }
}

export function faqJsonLd(
  items: readonly { question: string; answer: string }[],
): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }
}

export function serviceJsonLd(input: {
  siteUrl: string
  name: string
  description: string
  path: string
  areaServed?: string
}): WithContext<Service> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: input.name,
    description: input.description,
    url: absoluteUrl(input.siteUrl, input.path),
    provider: { '@id': businessId(input.siteUrl) },
    areaServed: input.areaServed ?? 'Greater Toronto Area',
  }
}

export type Crumb = { name: string; path: string }

export function breadcrumbJsonLd(
  siteUrl: string,
  crumbs: readonly Crumb[],
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: '/' }, ...crumbs].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  }
}
