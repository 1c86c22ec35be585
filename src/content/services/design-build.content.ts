import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/design-build (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'One team from the first sketch to the final coat of paint',
  seo: {
    title: 'Design Build Renovations in the Greater Toronto Area',
    description:
      'Design and construction under one contract: one team, one point of contact and a budget checked as the design takes shape. Free consultation.',
  },
  description: [
    'With design build, the same team that designs your renovation also builds it. Instead of hiring a designer, waiting for drawings and then looking for a contractor to price them, you work with Maple Hearth Renovations from the first conversation to the final walkthrough.',
    'Because our builders are part of the design process, we can tell you what an idea costs while it is still on paper. That keeps the design inside your budget, shortens the time between planning and construction, and means fewer changes once the walls are open.',
    'Our own crew carries out the construction, with no subcontractors, and the estimate you approve is transparent with no hidden fees. The finished project is backed by our 2-year workmanship warranty.',
  ],
  galleryCategory: 'kitchen',
  features: [
    'A single contract covering design and construction',
    'Measured drawings and layout plans of your space',
    'Costs updated as design choices are made',
    'Help choosing materials, fixtures and finishes',
    'Permit drawings and applications where required',
    'Construction by our own crew, with no subcontractors',
  ],
  benefits: [
    'One team accountable for the design and the result',
    'Costs known early, so the design fits your budget',
    'No gap between finishing the design and starting construction',
    'Fewer changes and surprises once work begins',
    'A 2-year workmanship warranty on the finished work',
  ],
  process: [
    'A free meeting at your home to understand what you want to change, how you live and what you want to spend.',
    'We sketch and price layout options, then finalize the drawings, arrange permits where needed and confirm a transparent estimate with no hidden fees.',
    'We choose cabinets, surfaces, fixtures and finishes with you, priced as you go, so the design stays within the budget you set.',
    'The same team builds what was designed, with our own crew on site and one person keeping you informed.',
    'We review the finished work with you, put right anything that is not as agreed and hand over your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'How is design build different from hiring a designer and a contractor?',
      answer:
        "You deal with one company for the whole project. The people drawing your plans work with the people who will build them, so the design is priced and checked for buildability as it develops, and no one has to interpret someone else's drawings.",
    },
    {
      question: 'Does design build cost more?',
      answer:
        'Usually not. Ideas that would go over budget are caught while they are still sketches, before they are drawn up in detail or built. Your estimate is transparent, with no hidden fees.',
    },
    {
      question: 'What projects suit design build?',
      answer:
        'Any project where the layout is changing: kitchens, bathrooms, main-floor renovations, basements and whole-home updates. For a like-for-like refresh, our standard renovation services may be all you need.',
    },
  ],
  fallbackGallery: [
    { image: 'design-build' },
    { image: 'home-design' },
    { image: 'general-contractor' },
    {
      image: 'welcome',
      alt: 'Illustration of a bright kitchen with navy cabinetry and a marble waterfall island',
    },
  ],
} satisfies ServicePageCopy
