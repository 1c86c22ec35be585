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
import { pageHead } from '~/features/seo/page-head'

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
  loader: ({ context }) => context.queryClient.ensureQueryData(galleryQueryOptions()),
  head: ({ match, params }) => {
    const pair = params.locationService ? parseLocationService(params.locationService) : undefined
    if (match.status === 'notFound' || !pair)
      return { meta: [{ title: 'Service Not Found | Maple Hearth' }] }
    const content = buildLocationServiceContent(pair.location, pair.service)
    return pageHead({
      ...content.seo,
      path: `/areas-of-service/${params.locationService}`,
      siteUrl: match.context.publicConfig.siteUrl,
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
