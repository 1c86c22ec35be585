import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/bathroom-remodeling (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'Bathrooms that are easier to use, easier to clean and built to last',
  seo: {
    title: 'Bathroom Remodeling in Richmond Hill & the GTA',
    description:
      'Bathroom renovations with proper waterproofing, done by our own crew. Most take 2–4 weeks and cost $15,000–$40,000. Free consultation, no hidden fees.',
  },
  description: [
    'A well-planned bathroom makes every morning a little easier. We renovate main bathrooms, ensuites and powder rooms across the Greater Toronto Area, from a new vanity and tile to a full rebuild down to the studs.',
    'What you see is tile, glass and fixtures; what makes a bathroom last is behind them. We replace old plumbing where it needs it, install a waterproofing membrane behind every shower and add ventilation that actually clears the steam. Our own crew does all of it, so nothing falls between trades.',
    'Most bathrooms take 2–4 weeks once work begins and fall in the $15,000–$40,000 range, depending on size and finishes. Your estimate is transparent with no hidden fees, and the work is backed by our 2-year workmanship warranty.',
  ],
  galleryCategory: 'bathroom',
  features: [
    'Walk-in showers, tub-to-shower conversions and soaker tubs',
    'Vanities, medicine cabinets and built-in storage',
    'Floor and wall tile, including heated floors',
    'Waterproofing membranes behind every shower and tub surround',
    'Low-flow toilets, faucets and shower fixtures',
    'Exhaust fans and lighting sized to the room',
    'Grab bars and curbless showers for safer, more accessible bathrooms',
  ],
  benefits: [
    'Bathroom renovations can return up to 80% of their cost in added home value',
    'Low-flow fixtures save water, and good ventilation protects the house from moisture',
    'Better storage and lighting in a room you use every day',
    'A safer room, with slip-resistant floors and grab bars where you want them',
    'A 2-year workmanship warranty on everything we build',
  ],
  process: [
    'We look at the room, ask how it is used and by whom, and talk through layout ideas and a realistic budget.',
    'We settle the layout, plan the plumbing, wiring and ventilation, and confirm everything in a written estimate with no hidden fees.',
    'We help you choose tile, fixtures, vanity, glass and lighting that suit your style, your budget and how the room is used.',
    'Our own crew removes the old bathroom, updates what is behind the walls, waterproofs the wet areas, sets the tile and installs the fixtures.',
    'We test every fixture with you, put right anything that is not as agreed, and hand over your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'How long does a bathroom renovation take?',
      answer:
        'Most bathroom renovations take 2–4 weeks once work begins. A straightforward update is quicker; moving plumbing, building a custom shower or adding heated floors takes longer.',
    },
    {
      question: 'How much does a bathroom renovation cost?',
      answer:
        'Most of our bathroom projects fall in the $15,000–$40,000 range, depending on the size of the room, layout changes and the finishes you choose. Your written estimate lists everything, with no hidden fees.',
    },
    {
      question: 'Can you turn our tub into a walk-in shower?',
      answer:
        'Yes, it is one of our most common requests. We remove the tub, adjust the drain and plumbing, waterproof the new shower and finish it with tile and glass.',
    },
    {
      question: 'What if we only have one bathroom?',
      answer:
        'We plan around it. We schedule the work to keep the time without a working toilet and shower as short as possible, and tell you in advance which days the room will be out of service.',
    },
  ],
  fallbackGallery: [
    { image: 'bathroom' },
    { image: 'faq-hero' },
    {
      image: 'cabinet',
      alt: 'Illustration of custom cabinetry with shaker doors and brass pulls',
    },
  ],
} satisfies ServicePageCopy
