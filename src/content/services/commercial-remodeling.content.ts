import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/commercial-remodeling (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'Offices, stores and restaurants renovated around your business hours',
  seo: {
    title: 'Commercial Remodeling in the Greater Toronto Area',
    description:
      'Office, retail and restaurant renovations planned around your business. One licensed, bonded and insured crew, no subcontractors, transparent estimates.',
  },
  description: [
    'A commercial renovation has to work for your customers, your staff and your schedule. We renovate offices, retail stores, restaurants, showrooms and other commercial spaces across the Greater Toronto Area, from a new reception area to a full interior fit-out.',
    'Before work begins, we agree on a schedule that keeps disruption to a minimum, whether that means phasing the work, keeping part of the space open or working outside your opening hours where possible. You get a transparent estimate with no hidden fees and a single point of contact for the whole project.',
    'Our own licensed, bonded and insured crew does the work, with no subcontractors, and we take care of permits and inspections where the project needs them. The finished space is backed by our 2-year workmanship warranty.',
  ],
  galleryCategory: 'commercial',
  features: [
    'Office, retail, restaurant and showroom renovations',
    'Interior fit-outs and layout changes, including new partition walls',
    'Reception areas, boardrooms, staff kitchens and washrooms',
    'Flooring, ceilings, lighting and finishes',
    'Custom millwork, counters and display fixtures',
    'Permit applications and inspection scheduling',
  ],
  benefits: [
    'A space that reflects your brand and makes a good first impression',
    'Layouts that help your staff work more comfortably and efficiently',
    'Lower operating costs with efficient lighting and equipment',
    'Work phased to keep your business running',
    'Licensed, bonded and insured, with a 2-year workmanship warranty',
  ],
  process: [
    'We walk the space with you, learn how your business uses it and note what needs to stay open while we work.',
    'We plan the layout, the permits and a schedule around your opening hours, and give you a transparent, itemized estimate with no hidden fees.',
    'We help you choose durable finishes, fixtures and lighting that suit your brand, your customers and your budget.',
    'Our own crew builds the project in the agreed phases, keeping the site safe, tidy and separate from your customers.',
    'We complete the final inspections, walk the finished space with you and hand over your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'Can our business stay open during the renovation?',
      answer:
        'Often, yes. We can phase the work so part of the space stays open, and schedule the noisiest or most disruptive stages outside your opening hours where possible.',
    },
    {
      question: 'Do you handle permits for commercial projects?',
      answer:
        'Yes. We prepare and submit the permit applications the work requires and book the inspections, so you are not left coordinating with the city.',
    },
    {
      question: 'How long does a commercial renovation take?',
      answer:
        'It depends on the size of the space and the scope of the work. A washroom or reception update can take a few weeks, while a full fit-out takes longer. You get a written schedule with your estimate so you can plan around it.',
    },
  ],
  fallbackGallery: [
    { image: 'commercial' },
    {
      image: 'general-contractor',
      alt: 'Illustration of a building under construction with timber framing, scaffolding and a crew at work',
    },
    { image: 'carpentry' },
  ],
} satisfies ServicePageCopy
