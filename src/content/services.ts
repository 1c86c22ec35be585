import * as v from 'valibot'

type ServiceEntry = {
  /** Its name on its page, cards, links and the footer. */
  title: string
  /** Its place on /services; a service listed there also answers at a top-level path such as /kitchen-remodeling. */
  order?: number
  /** Listed in the footer, in catalog order. */
  footer?: true
  /** One of the home page's service cards, in catalog order (laser cutting has its own banner). */
  home?: true
}

/**
 * Every service with a detail page at /services/$serviceId, in the spec's order, and which lists
 * show it. Light enough for every page (the footer, the router's param parsers); each service's
 * copy stays in services.content.ts, its card in service-cards.ts.
 */
export const serviceCatalog = {
  'kitchen-remodeling': { title: 'Kitchen Remodeling', order: 2, footer: true, home: true },
  'bathroom-remodeling': { title: 'Bathroom Remodeling', order: 3, footer: true, home: true },
  'commercial-remodeling': { title: 'Commercial Remodeling', order: 4, footer: true, home: true },
  'design-build': { title: 'Design Build', footer: true },
  'custom-carpentry-and-woodworking': {
    title: 'Custom Carpentry & Woodworking',
    order: 6,
    footer: true,
  },
  'home-design': { title: 'Home Design', order: 5, footer: true },
  'general-contractor': { title: 'General Contractor', footer: true },
  'cabinet-carpentry': { title: 'Cabinet Carpentry', order: 7 },
  'laser-cutting-art': { title: 'Laser Cutting Art', order: 1 },
} as const satisfies Record<string, ServiceEntry>

type Catalog = typeof serviceCatalog
export type ServiceId = keyof Catalog
type IdsWith<Flag extends keyof ServiceEntry> = {
  [Id in ServiceId]: Catalog[Id] extends Record<Flag, unknown> ? Id : never
}[ServiceId]

export const serviceIds = Object.keys(serviceCatalog) as ServiceId[]

const withFlag = <Flag extends 'footer' | 'home'>(flag: Flag) =>
  serviceIds.filter((id): id is IdsWith<Flag> => flag in serviceCatalog[id])

/** The services on /services, in the spec's order; each also answers at a top-level path. */
export const servicesPageOrder = serviceIds
  .filter((id): id is IdsWith<'order'> => 'order' in serviceCatalog[id])
  .sort((a, b) => serviceCatalog[a].order - serviceCatalog[b].order)
export const topLevelServiceRoutes = servicesPageOrder
export type TopLevelServiceId = IdsWith<'order'>

/** The three service cards on the home page. */
export const homeServiceCards = withFlag('home')

/** The services the footer lists, labelled with their names. */
export const footerServiceLinks = withFlag('footer').map((id) => ({
  id,
  label: serviceCatalog[id].title,
}))

export const serviceIdSchema = v.picklist(serviceIds)

export const isServiceId = (value: unknown): value is ServiceId => v.is(serviceIdSchema, value)
