import type { QueryClient } from '@tanstack/react-query'
import type { ServiceContent } from '#src/content/schemas/service.schema.ts'
import { loadService } from '#src/content/services.content.ts'
import type { ServiceId } from '#src/content/services.ts'
import { categoryShowcaseQueryOptions } from '#src/features/gallery/gallery.queries.ts'
import type { PageHeadInput } from '#src/lib/seo/page-head.ts'
import { serviceSeo } from './service-seo'

type ServicePageData = { service: ServiceContent; seo: PageHeadInput }
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
): Promise<ServicePageData> {
  const service = await loadService(serviceId)
  void queryClient.prefetchQuery(categoryShowcaseQueryOptions(service.galleryCategory))
  return { service, seo: serviceSeo(serviceId, service, publicConfig.siteUrl) }
}
