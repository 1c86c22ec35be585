import { siteImages } from '../media/site-images'
import { pageHead } from '../seo/page-head'
import { breadcrumbJsonLd, faqJsonLd, serviceJsonLd } from '../seo/structured-data'
import type { ServiceId } from './service-ids'
import { getService } from './services.content'

/** A service page's head, wherever it is served: its canonical URL is /services/<id>. */
export function serviceHead(serviceId: ServiceId, siteUrl: string) {
  const service = getService(serviceId)
  const path = `/services/${serviceId}`
  return pageHead({
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
  })
}

export const serviceNotFoundHead = {
  meta: [
    { title: 'Service Not Found | Maple Hearth' },
    {
      name: 'description',
      content: 'We could not find that service. Browse all of our remodeling services.',
    },
    { name: 'robots', content: 'noindex' },
  ],
}
