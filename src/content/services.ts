import * as v from 'valibot'

type VocabularyRow = {
  /** Whether it has a page in every location, /areas-of-service/<location>-<id>. */
  locationPages: boolean
  /** The contact form's option that a quote from its pages preselects. */
  contactOption: string
}

type CatalogRow = VocabularyRow & {
  /** Its name on its page, cards, links and the footer. */
  title: string
  /** Its place on /services; a service listed there also answers at a top-level path such as /kitchen-remodeling. */
  order?: number
  /** Listed in the footer, in catalog order. */
  footer?: true
  /** One of the home page's service cards, in catalog order (laser cutting has its own banner). */
  home?: true
}

/** A name that is not a catalog service: the catalog service whose detail page covers it. */
type OtherNameRow = VocabularyRow & { detailPage: string }

/**
 * The one service vocabulary: every service id a page, link or URL uses. First the catalog, every
 * service with a detail page at /services/$serviceId in the footer's and sitemap's order, and which
 * lists show it;
 * then the names only location pages use, each with the catalog service it stands for. Each row
 * also says whether the service has location pages and which option of the contact form it
 * preselects. Light enough for every page (the footer, the router's param parsers); each service's
 * page copy is its own module (services/<id>.content.ts), its card in service-cards.ts.
 */
export const serviceVocabulary = {
  'kitchen-remodeling': {
    title: 'Kitchen Remodeling',
    order: 2,
    footer: true,
    home: true,
    locationPages: true,
    contactOption: 'Kitchen Remodeling',
  },
  'bathroom-remodeling': {
    title: 'Bathroom Remodeling',
    order: 3,
    footer: true,
    home: true,
    locationPages: true,
    contactOption: 'Bathroom Remodeling',
  },
  'commercial-remodeling': {
    title: 'Commercial Remodeling',
    order: 4,
    footer: true,
    home: true,
    locationPages: true,
    contactOption: 'Commercial Remodeling',
  },
  'design-build': {
    title: 'Design Build',
    footer: true,
    locationPages: true,
    contactOption: 'Design Build',
  },
  'custom-carpentry-and-woodworking': {
    title: 'Custom Carpentry & Woodworking',
    order: 6,
    footer: true,
    locationPages: true,
    contactOption: 'Custom Carpentry',
  },
  'home-design': {
    title: 'Home Design',
    order: 5,
    footer: true,
    locationPages: false,
    contactOption: 'Home Design',
  },
  'general-contractor': {
    title: 'General Contractor',
    footer: true,
    locationPages: true,
    contactOption: 'General Contractor',
  },
  'cabinet-carpentry': {
    title: 'Cabinet Carpentry',
    order: 7,
    locationPages: true,
    contactOption: 'Cabinet Carpentry',
  },
  'laser-cutting-art': {
    title: 'Laser Cutting Art',
    order: 1,
    locationPages: false,
    contactOption: 'Custom Carpentry',
  },
  // Not catalog services: names only the location pages use.
  'home-design-architect': {
    detailPage: 'home-design',
    locationPages: true,
    contactOption: 'Home Design',
  },
  'home-improvement': {
    detailPage: 'general-contractor',
    locationPages: true,
    contactOption: 'Home Improvement',
  },
  'kitchen-and-bathroom-remodeling-services': {
    detailPage: 'kitchen-remodeling',
    locationPages: true,
    contactOption: 'Kitchen Remodeling',
  },
} as const satisfies Record<string, CatalogRow | OtherNameRow>

type Vocabulary = typeof serviceVocabulary
export type VocabularyServiceId = keyof Vocabulary
type IdsOf<Rows, Shape> = { [Id in keyof Rows]: Rows[Id] extends Shape ? Id : never }[keyof Rows]

export type ServiceId = IdsOf<Vocabulary, { title: string }>

const vocabularyIds = Object.keys(serviceVocabulary) as VocabularyServiceId[]
const isCatalogId = (id: VocabularyServiceId): id is ServiceId => 'title' in serviceVocabulary[id]

/** Every service with a detail page at /services/$serviceId, in the footer's and sitemap's order. */
export const serviceCatalog = Object.fromEntries(
  vocabularyIds.filter(isCatalogId).map((id) => [id, serviceVocabulary[id]]),
) as { [Id in ServiceId]: Vocabulary[Id] }

type Catalog = typeof serviceCatalog
type IdsWith<Flag extends keyof CatalogRow> = IdsOf<Catalog, Record<Flag, unknown>>

export const serviceIds = vocabularyIds.filter(isCatalogId)

const withFlag = <Flag extends 'footer' | 'home'>(flag: Flag) =>
  serviceIds.filter((id): id is IdsWith<Flag> => flag in serviceCatalog[id])

/** The services on /services, laser cutting art first; each also answers at a top-level path. */
export const servicesPageOrder = serviceIds
  .filter((id): id is IdsWith<'order'> => 'order' in serviceCatalog[id])
  .sort((a, b) => serviceCatalog[a].order - serviceCatalog[b].order)
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

export type LocationServiceId = IdsOf<Vocabulary, { locationPages: true }>

/** The ten services a location page can describe, in alphabetical order. */
export const locationServiceIds = vocabularyIds
  .filter((id): id is LocationServiceId => serviceVocabulary[id].locationPages)
  .sort()

/**
 * The catalog service whose detail page covers a location page's service (its return type holds
 * every `detailPage` to a catalog id).
 */
export const detailPageOf = (id: LocationServiceId): ServiceId => {
  const row = serviceVocabulary[id]
  return 'detailPage' in row ? row.detailPage : (id as ServiceId)
}

/** The form's service choices as it lists them, each named by the row whose option it is. */
const contactOptionOrder = [
  'kitchen-remodeling',
  'bathroom-remodeling',
  'commercial-remodeling',
  'home-improvement',
  'general-contractor',
  'home-design',
  'design-build',
  'custom-carpentry-and-woodworking',
  'cabinet-carpentry',
] as const satisfies readonly VocabularyServiceId[]

export type ContactServiceOption = Vocabulary[(typeof contactOptionOrder)[number]]['contactOption']

/** The contact form's nine service options, in the order it lists them. */
export const contactServiceOptions: readonly ContactServiceOption[] = contactOptionOrder.map(
  (id) => serviceVocabulary[id].contactOption,
)

/** The option a quote from this service's pages preselects on the contact form. */
export const contactOptionOf = (id: VocabularyServiceId): ContactServiceOption =>
  serviceVocabulary[id].contactOption
