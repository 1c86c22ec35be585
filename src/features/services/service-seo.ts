import type { ServiceId } from '~/content/services'
import { getService } from '~/content/services.content'
import { siteImages } from '~/content/site-images'
import type { PageHeadInput } from '../seo/page-head'
import { breadcrumbJsonLd, faqJsonLd, serviceJsonLd } from '../seo/structured-data'

/**
 * A service page's head, wherever it is served: its canonical URL is /services/<id>. Built in the
 * route's loader, which loads with the page, so the services' full copy stays out of other pages.
 */
export function serviceSeo(serviceId: ServiceId, siteUrl: string): PageHeadInput {
  const service = getService(serviceId)
  const path = `/services/${serviceId}`
  return {
    ...service.seo,
    path,
    siteUrl,
    lcpImage: siteImages[service.image],
    structuredData: [
      serviceJsonLd({ siteUrl, name: service.title, description: service.seo.description, path }),
      faqJsonLd(service.faqs),
      breadcrumbJsonLd(siteUrl, [
        { name: 'Services', path: '/services' },
        { name: service.title, path },
      ]),
    ],
  }
}
