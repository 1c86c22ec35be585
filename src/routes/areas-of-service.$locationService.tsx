import { createFileRoute, notFound } from '@tanstack/react-router'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import {
  LocationServiceNotFound,
  LocationServicePage,
} from '~/features/locations/components/LocationServicePage'
import { locationServiceSeo } from '~/features/locations/location-seo'
import {
  type LocationServiceParam,
  locationServicePath,
  parseLocationService,
} from '~/features/locations/location-service-path'
import { pageCacheControl } from '~/features/seo/cache-control'
import { seoHeadOr } from '~/features/seo/seo-route'
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
  // The loader (which also writes the head from the area's copy) loads with the component.
  codeSplitGroupings: [['loader', 'component'], ['notFoundComponent']],
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
    const pair = parseLocationService(params.locationService)
    if (!pair) throw notFound()
    return { seo: locationServiceSeo(pair, context.publicConfig.siteUrl) }
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: seoHeadOr(serviceNotFoundHead),
  notFoundComponent: LocationServiceNotFound,
  component: LocationServiceRoute,
})

function LocationServiceRoute() {
  const { locationService } = Route.useParams()
  const pair = parseLocationService(locationService)
  if (!pair) return <LocationServiceNotFound />
  return <LocationServicePage {...pair} />
}
