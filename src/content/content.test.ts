import { readdirSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { company, formatAddress, yearsInBusiness } from '#app.config.ts'
import { contactServiceOptions as functionContactServiceOptions } from '#supabase/functions/_shared/contact/contact-schema.ts'
import { aboutContent } from './about.content'
import { faqs } from './faq.content'
import { homeContent } from './home.content'
import { buildLocationServiceContent, otherLocationServices } from './location-pages'
import { locationIds, locationServiceIds } from './locations'
import { locationServices, locations } from './locations.content'
import { legalNavigation, mainNavigation } from './navigation'
import { privacyContent } from './privacy.content'
import { processStages } from './process'
import { quoteLabels } from './quote-labels'
import {
  countSentences,
  galleryCategories,
  galleryCategorySchema,
  imageNameSchema,
  seoSchema,
  slugSchema,
  textSchema,
} from './schemas/content.schema'
import { locationServicePageSchema } from './schemas/location.schema'
import {
  type ServiceContent,
  servicePageCopySchema,
  servicesSchema,
} from './schemas/service.schema'
import { serviceCards } from './service-cards'
import {
  contactServiceOptions,
  detailPageOf,
  footerServiceLinks,
  homeServiceCards,
  type LocationServiceId,
  type ServiceId,
  serviceCatalog,
  serviceIds,
  servicesPageOrder,
  serviceVocabulary,
  type VocabularyServiceId,
} from './services'
import { loadService } from './services.content'
import { siteImages } from './site-images'
import { homeTestimonials, locationTestimonials, testimonialsFrom } from './testimonials.content'

const services = Object.fromEntries(
  await Promise.all(serviceIds.map(async (id) => [id, await loadService(id)] as const)),
) as Record<ServiceId, ServiceContent>

const builtLocationPages = locationIds.flatMap((location) =>
  locationServiceIds.map((service) => ({
    location,
    service,
    page: buildLocationServiceContent(location, service),
  })),
)

/** Every export of the schema modules, by name. */
const schemaExports: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, unknown>>('./schemas/*.schema.ts', { eager: true }),
  ),
)

/**
 * The copy each content module exports, with the schema named after it (`privacyContent`:
 * `privacyContentSchema`, in schemas/): a new module's copy is checked without a line here.
 */
const moduleCopy = Object.entries(
  import.meta.glob<Record<string, unknown>>('./*.content.ts', { eager: true }),
).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value !== 'function')
    .map(([name, value]) => ({ file, name, value, schema: schemaExports[`${name}Schema`] })),
)

/** Every piece of content, named, with the schema it must satisfy. */
const allContent: Record<string, [schema: unknown, content: unknown]> = {
  ...Object.fromEntries(moduleCopy.map(({ name, value, schema }) => [name, [schema, value]])),
  // Built from the catalog: each service's name, card and page copy; each location page.
  services: [servicesSchema, services],
  locationPages: [v.array(locationServicePageSchema), builtLocationPages.map(({ page }) => page)],
}

const isSchema = (value: unknown): value is v.GenericSchema =>
  value !== null && typeof value === 'object' && 'kind' in value && value.kind === 'schema'
/** A schema module's export as a schema; anything else as a schema nothing satisfies. */
const schemaLike = (value: unknown): v.GenericSchema =>
  isSchema(value) ? value : v.never('no schema')

/** Every string inside a value, with the path that leads to it. */
function* strings(value: unknown, path = ''): Generator<[path: string, text: string]> {
  if (typeof value === 'string') yield [path, value]
  else if (Array.isArray(value))
    for (const [i, item] of value.entries()) yield* strings(item, `${path}[${i}]`)
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) yield* strings(item, `${path}.${key}`)
}

/** Every image name inside a value (under `image` keys). */
function* images(value: unknown): Generator<string> {
  if (Array.isArray(value)) for (const item of value) yield* images(item)
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === 'image' && typeof item === 'string') yield item
      else yield* images(item)
    }
}

const everything = allContent
const allText = [...strings(everything)]

describe('all content', () => {
  it('has a schema for the copy of every content module, named after it', () => {
    expect(moduleCopy.length).toBeGreaterThan(5)
    for (const { file, name, schema } of moduleCopy)
      expect(isSchema(schema), `${file}: add ${name}Schema to schemas/`).toBe(true)
  })

  it.each(Object.entries(allContent))('%s matches its schema', (_, [schema, content]) => {
    const result = v.safeParse(schemaLike(schema), content)
    expect(
      result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`),
    ).toBeUndefined()
  })

  it('has no empty or padded text anywhere', () => {
    for (const [path, text] of allText) {
      expect(v.is(textSchema, text), `${path}: ${JSON.stringify(text)}`).toBe(true)
    }
  })

  it('uses Canadian spelling and straight apostrophes', () => {
    const american =
      /\b(colors?|centers?|neighbors?|neighborhoods?|favorite|behaviors?|catalogs?|labor|remodeled|modeling|moldings?|paneling|leveling|traveled)\b/i
    for (const [path, text] of allText) {
      expect(text, path).not.toMatch(american)
      expect(text, path).not.toMatch(/[‘’“”]/)
    }
  })

  it('writes number ranges with an en dash, never a hyphen ("4–8 weeks", "$30,000–$80,000")', () => {
    // A figure, a hyphen, a figure, with no further digit group: a date or a licence number
    // ("B-07-123456") is not a range, nor is a phone number. Addresses and dates are no copy.
    const hyphenRange = /(?<![\w-])\$?\d[\d,.]*\s?-\s?\$?\d[\d,.]*(?![\w-])/
    expect('Most take 4-8 weeks, $30,000 - $80,000.').toMatch(hyphenRange)
    expect('call 1-800-282-1376 by 2025-05-08 (licence B-07-123456)').not.toMatch(hyphenRange)
    const copy = [
      ...Object.entries(allContent).flatMap(([name, [, content]]) => [...strings(content, name)]),
      ...strings(serviceCards, 'serviceCards'),
    ].filter(([path]) => !/\.(?:href|to|url|sourceUrl|date|\w*Iso|id|image)$/.test(path))
    expect(copy.length).toBeGreaterThan(500)
    const phoneNumber = /(?:\+?1[\s-])?\(?\d{3}\)?[\s-]\d{3}-\d{4}/g
    expect('Call (905) 555-0142 or 1-800-282-1376'.replace(phoneNumber, '')).not.toMatch(/\d/)
    for (const [path, text] of copy)
      expect(text.replace(phoneNumber, ''), path).not.toMatch(hyphenRange)
  })

  it('names only images that exist', () => {
    const used = new Set(images(everything))
    expect(used.size).toBeGreaterThan(5)
    for (const name of used) expect(Object.keys(siteImages), name).toContain(name)
    expect(v.is(imageNameSchema, 'no-such-image')).toBe(false)
  })
})

/*
 * The service catalog (services.ts) is the one list: what follows holds for every entry, so a new
 * service is checked by adding it, and no test names the services one by one.
 */
const catalogRows = serviceIds.map((id) => [id, serviceCatalog[id]] as const)
const vocabularyRows = Object.entries(serviceVocabulary) as [
  VocabularyServiceId,
  (typeof serviceVocabulary)[VocabularyServiceId],
][]
const isCatalogService = (id: string): id is ServiceId => (serviceIds as string[]).includes(id)
const catalogOrder = (ids: readonly ServiceId[]) =>
  [...ids].sort((a, b) => serviceIds.indexOf(a) - serviceIds.indexOf(b))
const hasFlag = (id: ServiceId, flag: 'order' | 'footer' | 'home') => flag in serviceCatalog[id]
const topLevelPagePaths = [...mainNavigation, ...legalNavigation].map((link) => link.to)

describe('the service vocabulary', () => {
  it('names each service by a slug no page path or other service takes', () => {
    const ids = vocabularyRows.map(([id]) => id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) {
      expect(v.is(slugSchema, id), id).toBe(true)
      // /$serviceAlias answers after the static routes: a service named like a page would be hidden.
      expect(topLevelPagePaths, id).not.toContain(`/${id}`)
    }
    const titles = catalogRows.map(([, row]) => row.title)
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('maps every location page service onto a catalog service', () => {
    for (const id of locationServiceIds) expect(serviceIds, id).toContain(detailPageOf(id))
    for (const id of serviceIds.filter((id) =>
      locationServiceIds.includes(id as LocationServiceId),
    )) {
      expect(detailPageOf(id as LocationServiceId), id).toBe(id)
    }
  })

  it('gives every other name a catalog page and a location page, for nothing else shows it', () => {
    const others = vocabularyRows.filter(([id]) => !isCatalogService(id))
    expect(others.length).toBeGreaterThan(0)
    for (const [id, row] of others) {
      expect(row.locationPages, id).toBe(true)
      expect(serviceIds, id).toContain(detailPageOf(id as LocationServiceId))
      expect(serviceIds, id).not.toContain(id)
    }
  })

  it('gives the location pages every service marked for them, in alphabetical order', () => {
    const marked = vocabularyRows.filter(([, row]) => row.locationPages).map(([id]) => id)
    expect(locationServiceIds).toEqual([...marked].sort())
    expect(Object.keys(locationServices).sort()).toEqual([...locationServiceIds])
  })

  it('gives the contact form one option per choice, each preselected by some service', () => {
    expect(new Set(contactServiceOptions).size).toBe(contactServiceOptions.length)
    // The edge function deploys on its own, with its own copy of the options it accepts.
    expect([...functionContactServiceOptions]).toEqual(contactServiceOptions)
    const preselected = new Set(vocabularyRows.map(([, row]) => row.contactOption))
    for (const option of contactServiceOptions) expect(preselected, option).toContain(option)
  })

  it('preselects an option of the form for every name, its own when the form has one', () => {
    for (const [id, row] of vocabularyRows)
      expect(contactServiceOptions, id).toContain(row.contactOption)
    for (const [id, row] of catalogRows) {
      if ((contactServiceOptions as readonly string[]).includes(row.title))
        expect(row.contactOption, id).toBe(row.title)
    }
  })

  it('keeps each service page copy in its own file, one per catalog service', async () => {
    const files = readdirSync(new URL('./services/', import.meta.url)).sort()
    expect(files).toEqual(serviceIds.map((id) => `${id}.content.ts`).sort())
    for (const id of serviceIds) {
      const { default: copy } = await import(`./services/${id}.content.ts`)
      expect(v.safeParse(servicePageCopySchema, copy).issues, id).toBeUndefined()
    }
  })
})

describe('services', () => {
  it('covers every service id, each with a 5-step process', () => {
    expect(Object.keys(services).sort()).toEqual([...serviceIds].sort())
    for (const id of serviceIds) {
      expect(services[id].process).toHaveLength(5)
      expect(countSentences(services[id].cardDescription), id).toBe(2)
    }
  })

  it('heads each service page with its name and copy of its own', () => {
    for (const id of serviceIds) {
      expect(services[id].seo.title, id).toContain(services[id].title)
      expect(v.is(seoSchema, services[id].seo), id).toBe(true)
    }
    const distinct = (pick: (service: ServiceContent) => string) =>
      new Set(serviceIds.map((id) => pick(services[id]))).size
    expect(distinct((service) => service.seo.title)).toBe(serviceIds.length)
    expect(distinct((service) => service.seo.description)).toBe(serviceIds.length)
    expect(distinct((service) => service.subtitle)).toBe(serviceIds.length)
    expect(distinct((service) => service.cardDescription)).toBe(serviceIds.length)
  })

  it('shows the gallery category a service is named after, when it is named after one', () => {
    for (const id of serviceIds) {
      const named = galleryCategories.filter((category) => id.includes(category))
      if (named.length > 0) expect(named, id).toContain(services[id].galleryCategory)
    }
  })

  it("states the company's durations, costs, returns and materials where they apply", () => {
    const text = (id: keyof typeof services) => JSON.stringify(services[id])
    expect(text('kitchen-remodeling')).toContain('4–8 weeks')
    expect(text('kitchen-remodeling')).toContain('$30,000–$80,000')
    expect(text('kitchen-remodeling')).toContain('90%')
    expect(text('kitchen-remodeling')).toContain('40%')
    expect(text('bathroom-remodeling')).toContain('2–4 weeks')
    expect(text('bathroom-remodeling')).toContain('$15,000–$40,000')
    expect(text('bathroom-remodeling')).toContain('80%')
    expect(text('laser-cutting-art')).toContain('wood, acrylic, leather, fabric and paper')
    expect(text('laser-cutting-art')).toContain('do not cut metal')
    expect(text('laser-cutting-art')).toContain('1–2 days')
    expect(text('laser-cutting-art')).toContain('1–2 weeks')
    expect(services['laser-cutting-art'].badge).toBe('New')
    expect(text('home-design')).toContain('2–4 weeks')
    expect(text('home-design')).toContain('6–12 weeks')
    for (const id of serviceIds) {
      expect(text(id), id).toContain('2-year workmanship warranty')
      expect(text(id), id).toMatch(/no hidden fees|clear quote/)
    }
  })

  it('lists on /services every service with a place, by its place, a newly announced one first', () => {
    const placed = serviceIds.filter((id) => hasFlag(id, 'order'))
    const placeOf = (id: ServiceId) => (serviceCatalog[id] as { order: number }).order
    expect(new Set(placed.map(placeOf)).size).toBe(placed.length)
    expect(servicesPageOrder).toEqual([...placed].sort((a, b) => placeOf(a) - placeOf(b)))
    const badged = servicesPageOrder.filter((id) => services[id].badge)
    expect(servicesPageOrder.slice(0, badged.length)).toEqual(badged)
  })

  it("shows on the home page's cards the services marked for it, and bannered one apart", () => {
    expect(homeServiceCards).toEqual(catalogOrder(serviceIds.filter((id) => hasFlag(id, 'home'))))
    expect(homeServiceCards.length).toBeGreaterThan(0)
    const bannered = homeContent.services.laserBanner.serviceId
    expect(homeServiceCards).not.toContain(bannered)
    expect(servicesPageOrder).toContain(bannered)
    expect(services[bannered].badge).toBe(homeContent.services.laserBanner.eyebrow)
  })

  it('lists in the footer the services marked for it, in catalog order, by their page titles', () => {
    const footerIds = serviceIds.filter((id) => hasFlag(id, 'footer'))
    expect(footerServiceLinks.map((link) => link.id)).toEqual(footerIds)
    for (const link of footerServiceLinks) expect(link.label).toBe(services[link.id].title)
    for (const id of serviceIds) expect(services[id].title).toBe(serviceCatalog[id].title)
  })
})

describe('locations', () => {
  it('has a named area for every location id and copy for every location service', () => {
    expect(Object.keys(locations)).toEqual([...locationIds])
    expect([...locationIds]).toEqual([...locationIds].sort())
    const names = locationIds.map((id) => locations[id].name)
    expect(new Set(names).size).toBe(locationIds.length)
    expect(Object.keys(locationServices)).toEqual([...locationServiceIds])
  })

  it('points each location service at an existing detail page, businesses at commercial work', () => {
    for (const id of locationServiceIds) {
      expect(serviceIds).toContain(detailPageOf(id))
      expect(v.is(galleryCategorySchema, locationServices[id].galleryCategory)).toBe(true)
      expect(locationServices[id].setting === 'business', id).toBe(
        locationServices[id].galleryCategory === 'commercial',
      )
    }
    expect(locationServiceIds.some((id) => locationServices[id].setting === 'business')).toBe(true)
  })

  it('writes a page for every location and service, with its place in it', () => {
    expect(builtLocationPages).toHaveLength(locationIds.length * locationServiceIds.length)
    for (const { location, service, page } of builtLocationPages) {
      const where = `${location}/${service}`
      const { name, neighbourhoods } = locations[location]
      expect(page.title, where).toBe(`${locationServices[service].title} in ${name}`)
      expect(v.is(seoSchema, page.seo), `${where}: ${page.seo.description.length}`).toBe(true)
      expect(page.subtitle, where).toContain(name)
      expect(page.description[0], where).toContain(name)
      expect(page.description.join(' '), where).toContain(neighbourhoods[0])
      expect(page.reasons.length, where).toBeGreaterThanOrEqual(4)
      const forBusiness = locationServices[service].setting === 'business'
      expect(page.localApproach, where).toBe(
        forBusiness ? locations[location].business.approach : locations[location].localApproach,
      )
      expect(page.description[1], where).toBe(
        forBusiness ? locations[location].business.area : locations[location].housing,
      )
      for (const [path, text] of strings(page)) expect(text, `${where}${path}`).not.toMatch(/[{}]/)
    }
  })

  it('gives every location page its own copy', () => {
    const distinct = (pick: (page: (typeof builtLocationPages)[number]['page']) => string) =>
      new Set(builtLocationPages.map(({ page }) => pick(page))).size
    const pages = builtLocationPages.length
    expect(distinct((page) => page.title)).toBe(pages)
    expect(distinct((page) => page.subtitle)).toBe(pages)
    expect(distinct((page) => page.seo.description)).toBe(pages)
    expect(distinct((page) => page.description[0] ?? '')).toBe(pages)
    expect(distinct((page) => page.description[2] ?? '')).toBe(pages)
  })

  it('suggests three other services in the same location', () => {
    for (const service of locationServiceIds) {
      const others = otherLocationServices(service)
      expect(others).toHaveLength(3)
      expect(new Set(others).size).toBe(3)
      expect(others).not.toContain(service)
    }
  })
})

describe('FAQ', () => {
  it("answers the 12 questions with the company's facts", () => {
    expect(faqs).toHaveLength(12)
    const text = JSON.stringify(faqs)
    for (const fact of [
      '4–8 weeks',
      '2–4 weeks',
      '$30,000–$80,000',
      '$15,000–$40,000',
      '2-year workmanship warranty',
      'free',
      'licensed, bonded and insured',
      'subcontractors',
      'permit',
      'temporary kitchen',
      'design',
      'wood, acrylic, leather, fabric and paper',
      'do not cut metal',
      '1–2 days',
      '1–2 weeks',
      '6–12 weeks',
      'Richmond Hill',
      'Concord',
      'Etobicoke',
      'Midtown Toronto',
      'Greater Toronto Area',
      'no hidden fees',
    ])
      expect(text).toContain(fact)
    for (const faq of faqs) {
      const sentences = countSentences(faq.answer)
      expect(sentences, faq.id).toBeGreaterThanOrEqual(2)
      expect(sentences, faq.id).toBeLessThanOrEqual(4)
    }
  })
})

describe('testimonials', () => {
  it('has three for the home page and two for location pages, all different', () => {
    expect(homeTestimonials).toHaveLength(3)
    expect(locationTestimonials).toHaveLength(2)
    const authors = [...homeTestimonials, ...locationTestimonials].map((t) => t.author)
    expect(new Set(authors).size).toBe(5)
    expect(homeTestimonials[0]).toMatchObject({ author: 'Sarah M.', town: 'Richmond Hill' })
  })
})

describe('home', () => {
  it("keeps the home page's headings and calls to action", () => {
    expect(homeContent.hero.title).toBe('Transforming Homes Since 1998')
    expect(homeContent.hero.ctaLabel).toBe('Get Your Free Quote')
    expect(homeContent.whyChooseUs.title).toBe('Why Choose Us')
    expect(homeContent.services.title).toBe('Our Services')
    expect(homeContent.services.learnMoreLabel).toBe('Learn More')
    expect(homeContent.services.viewAllLabel).toBe('View All Services')
    expect(homeContent.statistics.title).toBe('Value of Home Renovations')
    expect(homeContent.testimonials.title).toBe('What Our Clients Say')
    expect(homeContent.testimonials.rating).toBe(5)
    expect(homeContent.review.title).toBe('Review Us On Google')
    expect(homeContent.closing.title).toBe('Ready to Transform Your Space?')
    expect(homeContent.closing.callLabel).toContain(company.phone.display)
  })

  it('has the six Why Choose Us cards, each with its own icon', () => {
    expect(homeContent.whyChooseUs.cards.map((card) => card.title)).toEqual([
      'Full-Service Remodeling',
      'Experience & Skill',
      'Satisfaction Guarantee',
      'Competitive Pricing',
      'Licensed & Insured',
      'Quality Relationships',
    ])
    expect(new Set(homeContent.whyChooseUs.cards.map((card) => card.icon)).size).toBe(6)
  })

  it('shows the 90%, 80% and 40% figures and links the laser banner', () => {
    expect(homeContent.statistics.items.map((item) => [item.value, item.suffix])).toEqual([
      [90, '%'],
      [80, '%'],
      [40, '%'],
    ])
    expect(homeContent.statistics.items[0]?.label).toMatch(/kitchen/i)
    expect(homeContent.statistics.items[1]?.label).toMatch(/bathroom/i)
    expect(homeContent.statistics.items[2]?.label).toMatch(/energy/i)
    expect(homeContent.services.laserBanner.eyebrow).toBe('New')
    expect(homeContent.services.laserBanner.serviceId).toBe('laser-cutting-art')
  })
})

describe('about', () => {
  it('has every section of the About page with its counts', () => {
    expect(aboutContent.hero.title).toContain('About')
    expect(aboutContent.story.title).toBe('Our Story & Philosophy')
    expect(aboutContent.story.paragraphs.join(' ')).toContain('1998')
    expect(aboutContent.story.paragraphs.join(' ')).toContain(`${yearsInBusiness()} years`)
    expect(aboutContent.story.mission).toMatch(/what they want.+price they want.+timeframe/)
    expect(aboutContent.whyRemodel.title).toBe('Why Remodel?')
    expect(aboutContent.whyRemodel.cards).toHaveLength(2)
    expect(aboutContent.benefits.title).toBe('Key Benefits of Remodeling')
    expect(aboutContent.benefits.items.map((item) => item.title)).toEqual([
      'Energy Savings',
      'Financial Incentives',
      'Added Property Value',
      'Tech-Friendly Upgrades',
    ])
    expect(aboutContent.process.title).toBe("We've Got It Covered")
    expect(aboutContent.process.steps.map((step) => step.title)).toEqual([
      'Design & Planning',
      'Material Selection',
      'Professional Construction',
      'Final Inspection',
    ])
    expect(aboutContent.closing.title).toBe('Contact Us Today')
  })
})

describe('privacy policy', () => {
  it('has 10 sections, dated May 8, 2025, about this site', () => {
    expect(privacyContent.sections).toHaveLength(10)
    expect(privacyContent.lastUpdated).toBe('May 8, 2025')
    expect(privacyContent.lastUpdatedIso).toBe('2025-05-08')
    const text = JSON.stringify(privacyContent)
    for (const fact of [
      company.legalName,
      formatAddress(),
      company.email,
      company.phone.display,
      'name',
      'email address',
      'phone number',
      'service',
      'message',
      'hCaptcha',
      'database',
      'notification email',
      '24 months',
      'do not sell',
      'tracking cookies',
      'Core Web Vitals',
      "the error's technical message",
      'no IP address, no cookie and no identifier',
      '13 months',
      'Global Privacy Control',
      'Do Not Track',
      'PIPEDA',
      'Withdraw your consent',
      'correct',
      'Office of the Privacy Commissioner of Canada',
    ])
      expect(text).toContain(fact)
  })
})

describe('copy that agrees with itself', () => {
  it('counts the years from the founding, on any date', () => {
    expect(yearsInBusiness(new Date('2026-12-04T12:00:00Z'))).toBe(28)
    expect(yearsInBusiness(new Date('2031-01-01T12:00:00Z'))).toBe(33)
  })

  it('names no year count but the one computed from the founding, and never "25+"', () => {
    const counts = allText.flatMap(([path, text]) =>
      [...text.matchAll(/\b(\d+)(\+?) years\b/g)].map((match) => ({ path, count: match[0] })),
    )
    expect(counts.length).toBeGreaterThanOrEqual(3)
    for (const { path, count } of counts) expect(count, path).toBe(`${yearsInBusiness()} years`)
  })

  it('describes one process everywhere: each service its five stages, About the four after the consultation', () => {
    for (const id of serviceIds)
      expect(
        services[id].process.map((step) => step.title),
        id,
      ).toEqual([...processStages])
    expect(aboutContent.process.steps.map((step) => step.title)).toEqual(processStages.slice(1))
    expect(aboutContent.process.intro).toContain('free consultation')
    // A step renamed or moved in a service's copy fails its parse, not only this test.
    const kitchen = services['kitchen-remodeling']
    const [first, second, ...rest] = kitchen.process
    const swapped = { ...kitchen, process: [second, first, ...rest] }
    expect(v.is(servicesSchema.entries['kitchen-remodeling'], swapped)).toBe(false)
  })

  it('labels the quote action with the fixed labels and one other, nothing else', () => {
    const labels = allText
      .filter(([path]) => /(quoteLabel|ctaLabel)$/.test(path))
      .map(([, text]) => text)
    expect(labels.length).toBeGreaterThanOrEqual(4)
    for (const label of labels) expect(Object.values(quoteLabels)).toContain(label)
    expect(new Set(Object.values(quoteLabels)).size).toBe(4)
  })

  it("quotes on an area page only clients from the area's own town", () => {
    for (const { location, page } of builtLocationPages) {
      const shown = testimonialsFrom(page.locationName)
      for (const testimonial of shown) expect(testimonial.town, location).toBe(page.locationName)
    }
    for (const client of locationTestimonials)
      expect(testimonialsFrom(client.town)).toContain(client)
    expect(testimonialsFrom('Nowhere')).toEqual([])
  })
})
