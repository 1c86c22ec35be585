import { quoteLabels } from './quote-labels'
import type { ServicesPageContent } from './schemas/page.schema'

/** The /services page (each service's own copy is in services/<id>.content.ts and service-cards.ts). */
export const servicesPage: ServicesPageContent = {
  seo: {
    title: 'Our Remodeling Services',
    description:
      'Kitchen, bathroom and commercial remodeling, home design, custom carpentry, cabinetry and laser cutting art, all by our own crew across the GTA.',
  },
  hero: {
    eyebrow: 'What We Do',
    title: 'Our Remodeling Services',
    subtitle:
      'From a single bathroom to a whole home or a storefront, one team plans and builds it, with free consultations and transparent estimates.',
  },
  list: {
    title: 'Everything Under One Roof',
    subtitle:
      'Choose a service to see what is included, how we work and answers to common questions.',
  },
  callToAction: {
    title: 'Not Sure Where to Start?',
    subtitle: 'Tell us about your space and we will recommend the right approach, free of charge.',
    quoteLabel: quoteLabels.services,
  },
}
