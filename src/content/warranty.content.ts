import type { WarrantyContent } from './schemas/warranty.schema'

export const warrantyContent: WarrantyContent = {
  seo: {
    title: 'Our 2-Year Workmanship Warranty',
    description:
      'Every renovation by Maple Hearth Renovations comes with a 2-year workmanship warranty, from our own licensed, bonded and insured crew.',
  },
  hero: {
    eyebrow: 'Our Warranty',
    title: 'Our 2-Year Workmanship Warranty',
    subtitle: 'What we build, we stand behind',
  },
  paragraphs: [
    'Every project we complete is covered by our 2-year workmanship warranty. If something we built does not hold up as it should, we come back and make it right at no cost to you.',
    'Because we do not use subcontractors, the crew that answers a warranty call is the same team that did the work. We are licensed, bonded and insured.',
    'To make a claim, call or email us with your address and a short description. We will arrange a visit at a time that suits you.',
  ],
}
