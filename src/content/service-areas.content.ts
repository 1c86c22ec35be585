import { quoteLabels } from './quote-labels'
import type { ServiceAreasPageContent } from './schemas/page.schema'

/** The /service-areas page (each location's own copy is in locations.content.ts). */
export const serviceAreasPage: ServiceAreasPageContent = {
  seo: {
    title: 'Service Areas: Richmond Hill, Concord, Etobicoke & Toronto',
    description:
      'From our Richmond Hill base we renovate homes and businesses across the Greater Toronto Area, including Concord, Etobicoke and Midtown Toronto.',
  },
  hero: {
    eyebrow: 'Where We Work',
    title: 'Our Service Areas',
    subtitle:
      'Based in Richmond Hill since 1998, we renovate homes and businesses across the Greater Toronto Area.',
  },
  map: {
    title: 'Serving the Greater Toronto Area',
    subtitle:
      'Our crew works from Richmond Hill to Concord, Etobicoke and Midtown Toronto, and throughout the communities in between. Not sure if we cover your street? Ask us: if we can do the job well, we will.',
  },
  listTitle: 'Find Your Local Service',
  callToAction: {
    title: 'Book a Free Consultation',
    subtitle:
      'Tell us where you are and what you have in mind. We will visit, measure and give you a transparent estimate.',
    quoteLabel: quoteLabels.full,
  },
}
