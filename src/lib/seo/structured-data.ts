import type { BreadcrumbList, FAQPage, Service, WithContext } from 'schema-dts'
import { businessId } from './business-json-ld'
import { absoluteUrl } from './page-head'

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
