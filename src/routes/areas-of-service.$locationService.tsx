import { createFileRoute, notFound } from '@tanstack/react-router'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import {
  LocationServiceNotFound,
  LocationServicePage,
} from '~/features/locations/components/LocationServicePage'
import { buildLocationServiceContent } from '~/features/locations/location-service-content'
import {
  type LocationServiceParam,
  locationServicePath,
  parseLocationService,
} from '~/features/locations/location-service-path'
import { pageCacheControl } from '~/features/seo/cache-control'
import { pageHead } from '~/features/seo/page-head'
import { breadcrumbJsonLd, serviceJsonLd } from '~/features/seo/structured-data'
import { serviceNotFoundHead } from '~/features/services/service-head'

function parseLocationServiceParam({ locationService }: { locationService: string }) {
  const pair = parseLocationService(locationService)
  if (!pair) throw notFound()
  return {
    locationService: locationServicePath(pair.location, pair.service) as LocationServiceParam,
  }
}

export const Route = createFileRoute('/areas-of-service/$locationService')({
  params: {
    parse: parseLocationServiceParam,
    stringify: ({ locationService }) => ({ locationService }),
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: ({ match, params }) => {
    const pair = params.locationService ? parseLocationService(params.locationService) : undefined
    if (match.status === 'notFound' || !pair) return serviceNotFoundHead
    const content = buildLocationServiceContent(pair.location, pair.service)
    const { siteUrl } = match.context.publicConfig
    const path = `/areas-of-service/${params.locationService}`
    return pageHead({
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
    })
  },
  notFoundComponent: LocationServiceNotFound,
  component: LocationServiceRoute,
})

function LocationServiceRoute() {
  const { locationService } = Route.useParams()
  const pair = parseLocationService(locationService)
  if (!pair) return <LocationServiceNotFound />
  return <LocationServicePage {...pair} />
}
