import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/custom-carpentry-and-woodworking (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'Built-ins, millwork and woodwork made to fit your home',
  seo: {
    title: 'Custom Carpentry & Woodworking in the GTA',
    description:
      'Built-in shelving, mantels, wainscoting, trim and feature walls, made to measure and installed by our own carpenters. Free consultation, transparent estimates.',
  },
  description: [
    "Custom carpentry is where a house starts to feel like your own. Our carpenters design and build shelving, window seats, fireplace mantels, wainscoting, coffered ceilings and other woodwork, made to fit the walls and corners of your home rather than a catalogue's.",
    'Older homes across the GTA rarely have square corners or level floors. We measure carefully, scribe each piece to fit, and match new trim to existing profiles when a room needs to blend in with the rest of the house.',
    'You choose the wood, the finish and the details, and we give you a transparent estimate with no hidden fees. The work is done by our own carpenters and backed by our 2-year workmanship warranty.',
  ],
  galleryCategory: 'carpentry',
  features: [
    'Built-in bookcases, media walls and window seats',
    'Fireplace mantels and surrounds',
    'Wainscoting, panelling, crown moulding and trim',
    'Coffered and beamed ceilings',
    'Stair railings, newel posts and treads',
    'New trim matched to existing profiles in older homes',
  ],
  benefits: [
    'Storage and display space made for your room and your things',
    'Craftsmanship that adds character and value to your home',
    'Pieces that fit exactly, even where walls and floors are uneven',
    'Your choice of wood species, stain and paint finish',
    'A 2-year workmanship warranty on our carpentry',
  ],
  process: [
    'We look at the space, talk about how you will use the piece and take precise measurements.',
    'We draw the piece to scale, with dimensions and details, so you can see exactly what will be built.',
    'You choose the wood, hardware and finish, and we confirm the price in a transparent estimate.',
    'Our carpenters build and install the piece, scribing it to your walls and floors for a tight fit.',
    'We complete the paint or stain, check every door and drawer with you and hand over your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'What kinds of wood do you work with?',
      answer:
        'We work with hardwoods such as oak, maple and walnut, and with paint-grade materials like poplar and MDF for painted built-ins. We help you choose based on the look you want, how the piece will be used and your budget.',
    },
    {
      question: 'Can you match the trim in an older home?',
      answer:
        'In most cases, yes. We match existing profiles with stock mouldings where they exist, or build up a matching profile from several pieces when they do not.',
    },
    {
      question: 'How long does a custom built-in take?',
      answer:
        'It depends on the size and detail of the piece. Your estimate includes a timeline, and installation itself usually takes only a few days in your home.',
    },
  ],
  fallbackGallery: [
    { image: 'about-hero' },
    { image: 'home-improvement' },
    {
      image: 'privacy-hero',
      alt: 'Illustration of a home office with navy built-in shelving and a desk under a window',
    },
    { image: 'faq-hero' },
    { image: 'carpentry' },
  ],
} satisfies ServicePageCopy
