import type { ServiceId } from './service-ids'

/**
 * Each service's name, and which services each list shows. Light enough for every page (the
 * footer, the router's param parsers); the full content stays in services.content.ts.
 */
export const serviceNames = {
  'kitchen-remodeling': { title: 'Kitchen Remodeling', shortTitle: 'Kitchen Remodeling' },
  'bathroom-remodeling': { title: 'Bathroom Remodeling', shortTitle: 'Bathroom Remodeling' },
  'commercial-remodeling': { title: 'Commercial Remodeling', shortTitle: 'Commercial Remodeling' },
  'design-build': { title: 'Design Build', shortTitle: 'Design Build' },
  'custom-carpentry-and-woodworking': {
    title: 'Custom Carpentry & Woodworking',
    shortTitle: 'Custom Carpentry & Woodworking',
  },
  'home-design': { title: 'Home Design', shortTitle: 'Home Design' },
  'general-contractor': { title: 'General Contractor', shortTitle: 'General Contractor' },
  'cabinet-carpentry': { title: 'Cabinet Carpentry', shortTitle: 'Cabinet Carpentry' },
  'laser-cutting-art': { title: 'Laser Cutting Art', shortTitle: 'Laser Cutting Art' },
} as const satisfies Record<ServiceId, { title: string; shortTitle: string }>

/** The seven services on /services, in the spec's order. */
export const servicesPageOrder = [
  'laser-cutting-art',
  'kitchen-remodeling',
  'bathroom-remodeling',
  'commercial-remodeling',
  'home-design',
  'custom-carpentry-and-woodworking',
  'cabinet-carpentry',
] as const satisfies readonly ServiceId[]

/** The three service cards on the home page. */
/** The laser cutting service has its own banner above these cards. */
export const homeServiceCards = [
  'kitchen-remodeling',
  'bathroom-remodeling',
  'commercial-remodeling',
] as const satisfies readonly ServiceId[]

/** Services that also answer at a top-level path such as /kitchen-remodeling. */
export const topLevelServiceRoutes = [
  'laser-cutting-art',
  'kitchen-remodeling',
  'bathroom-remodeling',
  'commercial-remodeling',
  'home-design',
  'custom-carpentry-and-woodworking',
  'cabinet-carpentry',
] as const satisfies readonly ServiceId[]

export type TopLevelServiceId = (typeof topLevelServiceRoutes)[number]
