import { createFileRoute, notFound } from '@tanstack/react-router'
import { buildLocationServiceContent } from '#src/content/location-pages.ts'
import { categoryShowcaseQueryOptions } from '#src/features/gallery/gallery.queries.ts'
import {
  LocationServiceNotFound,
  LocationServicePage,
} from '#src/features/locations/components/LocationServicePage.tsx'
import { locationServiceSeo } from '#src/features/locations/location-seo.ts'
import { serviceNotFoundHead } from '#src/features/services/service-head.ts'
import {
  type LocationServiceParam,
  locationServicePath,
  parseLocationService,
} from '#src/lib/location-service-path.ts'
import { pageCacheControl } from '#src/lib/seo/cache-control.ts'
import { seoHeadOr } from '#src/lib/seo/seo-route.ts'

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
    const pair = parseLocationService(params.locationService)
    if (!pair) throw notFound()
    const { galleryCategory } = buildLocationServiceContent(pair.location, pair.service)
    void context.queryClient.prefetchQuery(categoryShowcaseQueryOptions(galleryCategory))
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
