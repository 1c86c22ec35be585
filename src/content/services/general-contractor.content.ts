import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/general-contractor (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'One licensed, insured team to run your whole renovation',
  seo: {
    title: 'General Contractor in Richmond Hill & the GTA',
    description:
      'Whole-home, main-floor and basement renovations planned and built by our own crew. Licensed, bonded and insured, with transparent estimates and no hidden fees.',
  },
  description: [
    'When a renovation touches more than one room, someone has to hold it all together. As your general contractor, Maple Hearth Renovations plans the work, schedules every stage, arranges permits and inspections, and builds it with our own crew.',
    'Because we do not rely on subcontractors, the people framing your walls, running plumbing and finishing drywall all work for us. That means one schedule, one standard of workmanship and one person to call with questions.',
    'We are licensed, bonded and insured, and our estimates are transparent with no hidden fees. Every project is backed by our 2-year workmanship warranty.',
  ],
  galleryCategory: 'kitchen',
  features: [
    'Whole-home and main-floor renovations',
    'Basement finishing',
    'Wall removal and layout changes',
    'Framing, drywall, flooring and trim',
    'Plumbing and electrical work within one schedule',
    'Permit applications and inspections',
    'Daily clean-up and dust control',
  ],
  benefits: [
    'One point of contact for the whole project',
    'A single schedule, with no waiting on outside trades',
    'Consistent workmanship from our own crew',
    'Clear estimates with no hidden fees',
    'Licensed, bonded and insured, with a 2-year workmanship warranty',
  ],
  process: [
    'A free visit to walk the house with you, understand the scope and talk through priorities and budget.',
    'We define the work room by room, apply for the permits it needs, plan every stage on one schedule and give you a transparent estimate with no hidden fees.',
    'We help you choose the materials and finishes for every room, and order them so each stage starts on time.',
    'Our own crew carries out the work, keeps the site clean and safe, and keeps you updated as each stage is completed.',
    'We complete the final inspections, walk through the finished work with you and hand over your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'Do you handle building permits?',
      answer:
        'Yes. We tell you at the estimate stage whether your project needs a permit, then prepare the application and book the inspections as part of the work.',
    },
    {
      question: 'Who will be working in our home?',
      answer:
        'Our own crew. We do not use subcontractors, so everyone on site works for Maple Hearth Renovations and answers to the same project lead.',
    },
    {
      question: 'Can we live at home during a larger renovation?',
      answer:
        'Most clients do. We seal off the work areas, control dust and clean up every day, and we plan the stages so you always have a working kitchen or bathroom wherever possible.',
    },
  ],
  fallbackGallery: [
    { image: 'general-contractor' },
    { image: 'design-build' },
    { image: 'home-improvement' },
    { image: 'kitchen' },
    { image: 'bathroom' },
  ],
} satisfies ServicePageCopy
