import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/cabinet-carpentry (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'Cabinets built, installed and refinished to fit your space',
  seo: {
    title: 'Cabinet Carpentry in Richmond Hill & the GTA',
    description:
      'Custom kitchen, bathroom and built-in cabinets, plus refacing and refinishing, fitted by our own carpenters. Free consultation and transparent estimates.',
  },
  description: [
    'Cabinets set the look of a kitchen or bathroom and decide how well it works. We build and install custom cabinetry for kitchens, bathrooms, laundry rooms, mudrooms and home offices, sized to your space rather than to a standard catalogue.',
    'If your cabinet boxes are solid, you may not need new ones. We can reface or refinish existing cabinets, replace doors and hardware, and add pull-out pantries, drawer organizers and soft-close hinges.',
    'Whichever route you choose, you get a transparent estimate with no hidden fees, installation by our own carpenters and our 2-year workmanship warranty.',
  ],
  galleryCategory: 'carpentry',
  features: [
    'Custom kitchen and bathroom cabinets',
    'Laundry room, mudroom and home office cabinetry',
    'Cabinet refacing and refinishing',
    'Replacement doors, drawer fronts and hardware',
    'Pull-outs, drawer organizers and soft-close hardware',
    'Crown moulding, light valances and filler panels fitted on site',
  ],
  benefits: [
    'Storage built around what you actually keep',
    'Cabinets that fit awkward corners and older homes',
    'Refacing can refresh sound cabinets for less than replacing them',
    'Durable finishes that stand up to daily use',
    'A 2-year workmanship warranty on our installation',
  ],
  process: [
    'We look at your space and what you need to store, check the condition of any existing cabinets and measure precisely.',
    'We lay out the cabinets, then give you a transparent estimate with no hidden fees and an installation date that suits you.',
    'We help you choose door styles, wood, finishes and hardware that suit the room and stand up to daily use.',
    'Our carpenters build and install the cabinets, levelling and scribing each one to your walls and floors.',
    'We adjust every door and drawer, walk through the work with you and hand over your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'Should we reface or replace our cabinets?',
      answer:
        'If the boxes are solid and the layout works, refacing or refinishing gives you a fresh look for less. If the boxes are damaged or the layout needs to change, new cabinets are the better investment. We will tell you honestly which applies.',
    },
    {
      question: 'Can you build cabinets for rooms other than the kitchen?',
      answer:
        'Yes. We build vanities, laundry room and mudroom storage, home office cabinetry and built-ins for any room.',
    },
    {
      question: 'How long does cabinet installation take?',
      answer:
        'It depends on the number of cabinets and whether they are new, refaced or refinished. Your estimate includes a timeline, and we keep the time your kitchen is out of use as short as we can.',
    },
  ],
  fallbackGallery: [
    { image: 'cabinet' },
    { image: 'kitchen' },
    { image: 'faq-hero' },
    {
      image: 'privacy-hero',
      alt: 'Illustration of a home office with navy built-in shelving and a desk under a window',
    },
  ],
} satisfies ServicePageCopy
