import type { QueryClient } from '@tanstack/react-query'
import { loadService } from '#src/content/services.content.ts'
import type { ServiceId } from '#src/content/services.ts'
import { categoryShowcaseQueryOptions } from '#src/features/gallery/gallery.queries.ts'
import { serviceSeo } from './service-seo'

type LoaderContext = { queryClient: QueryClient; publicConfig: { siteUrl: string } }

/**
 * What a service page's loader returns: the service's copy, loaded with the page (so no other
 * page's scripts carry it, and the server-rendered page hands it to the browser as loader data),
 * and the head written from it. Its portfolio's projects start loading meanwhile, not awaited, so
 * the page streams before them.
 */
export async function loadServicePage(
  serviceId: ServiceId,
  { queryClient, publicConfig }: LoaderContext,
) {
  const service = await loadService(serviceId)
  void queryClient.prefetchQuery(categoryShowcaseQueryOptions(service.galleryCategory))
  return { service, seo: serviceSeo(serviceId, service, publicConfig.siteUrl) }
}
