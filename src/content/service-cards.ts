import { type ServiceId, serviceCatalog } from '#src/content/services.ts'
import type { ServiceContent } from './schemas/service.schema'

type ServiceCardContent = Pick<ServiceContent, 'title' | 'badge' | 'image' | 'cardDescription'>

/**
 * What a service's card shows besides its name: its picture, a two-sentence summary and an
 * optional badge. Kept apart from each service's page copy (services/<id>.content.ts), so that a
 * page of cards, such as the home page or /services, loads no service's page copy.
 */
export const serviceCards: Record<ServiceId, Omit<ServiceCardContent, 'title'>> = {
  'kitchen-remodeling': {
    image: 'kitchen',
    cardDescription:
      'New layouts, cabinets, counters and lighting, designed with you and built by our own crew. Most kitchens are finished in 4–8 weeks.',
  },
  'bathroom-remodeling': {
    image: 'bathroom',
    cardDescription:
      'Walk-in showers, vanities, tile and lighting, installed by our own crew with careful waterproofing. Most bathrooms are finished in 2–4 weeks.',
  },
  'commercial-remodeling': {
    image: 'commercial',
    cardDescription:
      'We renovate offices, stores, restaurants and showrooms, planning the work around your business hours. One crew handles the project from layout to final inspection.',
  },
  'design-build': {
    image: 'design-build',
    cardDescription:
      'Design and construction under one roof, with one team and one point of contact. Your design is priced as it develops, so there are no surprises when building starts.',
  },
  'custom-carpentry-and-woodworking': {
    image: 'carpentry',
    cardDescription:
      'Built-in bookcases, window seats, mantels, trim and feature walls, made to measure for your home. Every piece is built and installed by our own carpenters.',
  },
  'home-design': {
    image: 'home-design',
    cardDescription:
      'Layouts, drawings and finish selections for a single room or an entire home. Designing a room takes 2–4 weeks, and a whole home 6–12 weeks.',
  },
  'general-contractor': {
    image: 'general-contractor',
    cardDescription:
      'From basements to main floors and whole homes, we plan, schedule and build your renovation with our own crew. You get one point of contact and a transparent estimate with no hidden fees.',
  },
  'cabinet-carpentry': {
    image: 'cabinet',
    cardDescription:
      'Custom cabinets for kitchens, bathrooms and built-ins, plus refacing and refinishing for cabinets with good bones. Every box, door and drawer is fitted by our own carpenters.',
  },
  'laser-cutting-art': {
    badge: 'New',
    image: 'laser-art',
    cardDescription:
      'Our newest service: custom laser-cut art, signs and decor in wood, acrylic, leather, fabric and paper. Simple pieces are ready in 1–2 days and complex work in 1–2 weeks.',
  },
}

export const getServiceCard = (id: ServiceId): ServiceCardContent => ({
  title: serviceCatalog[id].title,
  ...serviceCards[id],
})
