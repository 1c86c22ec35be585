import type { ServiceContent } from '#src/content/schemas/service.schema.ts'
import type { ServiceId } from '#src/content/services.ts'
import { siteImages } from '#src/content/site-images.ts'
import type { PageHeadInput } from '#src/lib/seo/page-head.ts'
import { breadcrumbJsonLd, faqJsonLd, serviceJsonLd } from '#src/lib/seo/structured-data.ts'

/** A service page's head, wherever it is served: its canonical URL is /services/<id>. */
export function serviceSeo(
  serviceId: ServiceId,
  service: ServiceContent,
  siteUrl: string,
): PageHeadInput {
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
