import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/basement-finishing (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'A dry, warm lower level your family will actually use',
  seo: {
    title: 'Basement Finishing in Richmond Hill & the GTA',
    description:
      'Basements framed, insulated and finished by our own crew, with permits handled. Licensed, bonded and insured, with transparent estimates and no hidden fees.',
  },
  description: [
    'An unfinished basement is often the largest unused space in a house. Maple Hearth Renovations turns it into a family room, a guest suite, a home office or a place for the laundry, planned around the way you live.',
    'We check for moisture first, then frame, insulate, wire, drywall and finish with our own crew, with no subcontractors. We arrange the permits and inspections the work needs.',
    'We are licensed, bonded and insured, and our estimates are transparent with no hidden fees. Every basement is backed by our 2-year workmanship warranty.',
  ],
  galleryCategory: 'carpentry',
  features: [
    'Moisture checks before any framing',
    'Framing, insulation and vapour barriers',
    'Electrical, lighting and heating',
    'Drywall, flooring and trim',
    'Bathrooms and wet bars',
    'Permit applications and inspections',
  ],
  benefits: [
    'More living space without an addition',
    'A warmer, drier lower level',
    'One point of contact from design to final inspection',
    'Clear estimates with no hidden fees',
    'Licensed, bonded and insured, with a 2-year workmanship warranty',
  ],
  process: [
    {
      title: 'Consultation',
      description:
        'A free visit to look at the space, check for moisture and talk through how you want to use it.',
    },
    {
      title: 'Design & Estimate',
      description:
        'We draw the layout, choose finishes with you and give you a transparent estimate with no hidden fees.',
    },
    {
      title: 'Permits & Scheduling',
      description: 'We apply for the permits the work needs and plan every stage on one schedule.',
    },
    {
      title: 'Construction',
      description:
        'Our own crew frames, insulates, wires and finishes the space, and cleans up every day.',
    },
    {
      title: 'Inspection & Handover',
      description:
        'We complete the final inspections, walk through the basement with you and hand over your 2-year workmanship warranty.',
    },
  ],
  faqs: [
    {
      question: 'Does a finished basement need a permit?',
      answer:
        'Most do, especially when walls, plumbing or a bedroom are added. We tell you at the estimate stage and handle the application and inspections.',
    },
    {
      question: 'What if the basement is damp?',
      answer:
        'We check for moisture before any framing. When there is a problem we fix it first, so the finished space stays dry.',
    },
    {
      question: 'Who will be working in our home?',
      answer:
        'Our own crew. We do not use subcontractors, so everyone on site works for Maple Hearth Renovations.',
    },
  ],
  fallbackGallery: [
    {
      image: 'home-improvement',
      alt: 'Illustration of a family room with a built-in media wall, fireplace and shelving',
    },
    {
      image: 'general-contractor',
      alt: 'Illustration of a home addition under construction with timber framing, scaffolding and a crew',
    },
    {
      image: 'carpentry',
      alt: 'Illustration of a woodworking shop with a workbench, a tool wall and a lumber rack',
    },
  ],
} satisfies ServicePageCopy
