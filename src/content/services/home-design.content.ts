import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/home-design (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'Clear plans for a single room or the whole house',
  seo: {
    title: 'Home Design Services in the Greater Toronto Area',
    description:
      'Layouts, drawings and finish selections for one room or a whole home. A room takes 2–4 weeks to design, a whole home 6–12 weeks. Free consultation.',
  },
  description: [
    'Good renovations start on paper. Our home design service gives you a clear plan before any construction begins: measured drawings of your existing space, layout options, and materials and finishes chosen with you.',
    'Designing a single room usually takes 2–4 weeks, and a whole home 6–12 weeks, depending on how many rooms are involved and how quickly decisions are made. Because our designers work alongside our builders, every plan is checked for cost and buildability as it develops.',
    'When the design is done, our own crew can build it, with no subcontractors, a transparent estimate and our 2-year workmanship warranty. Your first consultation is free.',
  ],
  galleryCategory: 'kitchen',
  features: [
    'Measured drawings of your existing space',
    'Layout options for kitchens, bathrooms, main floors and whole homes',
    'Floor plans and elevations',
    'Material, colour and finish selections',
    'Lighting and storage planning',
    'Permit drawings where the project requires them',
  ],
  benefits: [
    'A clear plan and budget before construction starts',
    'Fewer changes and surprises once work begins',
    'A home that flows better and makes good use of its space',
    'Designs checked by the people who will build them',
    'Decisions made in your own time, not in the middle of construction',
  ],
  process: [
    'A free visit to talk about what is not working in your home, what you hope to change and your budget.',
    'We measure and draw your home as it is today, then present layout options with rough costs and refine the one you prefer.',
    'We work through materials, colours, lighting and storage with you and complete detailed drawings.',
    'You receive the finished plans and a transparent construction estimate with no hidden fees, ready for permits; if you choose us to build, our own crew builds exactly what was drawn.',
    'We inspect the finished work against the plans with you, put right anything that is not as agreed and hand over your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'How long does home design take?',
      answer:
        'Designing a single room usually takes 2–4 weeks, and a whole home 6–12 weeks. The timeline depends on the number of rooms and how quickly decisions are made along the way.',
    },
    {
      question: 'Do we have to renovate the whole house at once?',
      answer:
        'No. Many clients plan the whole home and build it in stages as budget and timing allow. A complete plan means each stage fits the next.',
    },
    {
      question: 'Do you prepare drawings for building permits?',
      answer:
        'Yes. When a project needs a permit, we prepare the drawings and handle the application as part of the work.',
    },
  ],
  fallbackGallery: [
    { image: 'home-design' },
    {
      image: 'contact-hero',
      alt: 'Illustration of a design desk seen from above with a floor plan, material samples and paint chips',
    },
    { image: 'design-build' },
    { image: 'gallery-hero' },
    { image: 'kitchen' },
  ],
} satisfies ServicePageCopy
