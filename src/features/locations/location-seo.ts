import { buildLocationServiceContent } from '#src/content/location-pages.ts'
import { type LocationServicePair, locationServicePath } from '#src/lib/location-service-path.ts'
import type { PageHeadInput } from '#src/lib/seo/page-head.ts'
import { breadcrumbJsonLd, serviceJsonLd } from '#src/lib/seo/structured-data.ts'

/**
 * A location page's head, written from the same copy as the page. Built in the route's loader,
 * which loads with the page, so the areas' copy stays out of other pages.
 */
export function locationServiceSeo(
  { location, service }: LocationServicePair,
  siteUrl: string,
): PageHeadInput {
  const content = buildLocationServiceContent(location, service)
  const path = `/areas-of-service/${locationServicePath(location, service)}`
  return {
    ...content.seo,
    path,
    siteUrl,
    structuredData: [
      serviceJsonLd({
        siteUrl,
        name: content.title,
        description: content.seo.description,
        path,
        areaServed: content.locationName,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: 'Service Areas', path: '/service-areas' },
        { name: content.title, path },
      ]),
    ],
  }
}
