import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/kitchen-remodeling (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'Kitchens planned around the way you cook, gather and live',
  seo: {
    title: 'Kitchen Remodeling in Richmond Hill & the GTA',
    description:
      'Kitchen renovations by our own crew, from layout to final walkthrough. Most take 4–8 weeks and cost $30,000–$80,000. Free consultation, no hidden fees.',
  },
  description: [
    'The kitchen works harder than any other room in the house, and it is usually the one our clients most want to change. Maple Hearth Renovations has been renovating kitchens across the Greater Toronto Area since 1998, from a refresh with new counters and lighting to a complete rebuild with a new layout, plumbing and wiring.',
    'We start with how you use the room: who cooks, where people gather, and what never seems to have a home. From there we plan the layout, help you choose cabinets, counters, flooring and fixtures, and give you a transparent estimate with no hidden fees. Our own crew does the work, with no subcontractors, so the people you meet at the start are the people who finish the job.',
    'Most kitchens take 4–8 weeks once work begins and fall in the $30,000–$80,000 range, depending on size, layout changes and finishes. Every kitchen we build is backed by our 2-year workmanship warranty.',
  ],
  galleryCategory: 'kitchen',
  features: [
    'Layout planning, including opening walls and moving sinks or appliances',
    'Custom and semi-custom cabinetry, islands and pantry storage',
    'Quartz, granite and butcher-block countertops',
    'Backsplash, tile and flooring installation',
    'Plumbing, electrical and lighting upgrades, including under-cabinet lighting',
    'Installation of energy-efficient appliances and range hoods',
  ],
  benefits: [
    'Kitchen renovations can return up to 90% of their cost in added home value',
    'Modern appliances can use up to 40% less energy than the ones they replace',
    'More storage and counter space, planned around how you actually cook',
    'One crew and one point of contact from demolition to final walkthrough',
    'A 2-year workmanship warranty on everything we build',
  ],
  process: [
    'We visit your home, measure the kitchen and talk through how you use it, what frustrates you about it now and the budget you have in mind.',
    'We draw up the layout, arrange any permits and give you a written estimate that lists what is included, with no hidden fees.',
    'We help you choose cabinets, counters, flooring and fixtures, then order them and confirm the schedule.',
    'Our own crew seals off the work area and handles demolition, plumbing, electrical, cabinets, counters and finishing, keeping you updated as each stage is completed.',
    'We walk through the finished kitchen with you, put right anything that is not as agreed, and hand over care notes and your 2-year workmanship warranty.',
  ],
  faqs: [
    {
      question: 'How long does a kitchen renovation take?',
      answer:
        'Most kitchen renovations take 4–8 weeks once work begins. A refresh with new counters and fixtures sits at the shorter end, while layout changes, moved plumbing or custom cabinetry take longer. You get a schedule before we start.',
    },
    {
      question: 'How much does a kitchen renovation cost?',
      answer:
        'Most of our kitchen projects fall in the $30,000–$80,000 range. Size, layout changes and the cabinets, counters and appliances you choose make the biggest difference. After a free consultation you receive a written estimate with no hidden fees.',
    },
    {
      question: 'Can we use our kitchen during the renovation?',
      answer:
        'For most of the project the kitchen is out of service. We can help you plan a temporary kitchen in another room, and we seal off the work area and tidy up at the end of every day.',
    },
    {
      question: 'Do you help with the design?',
      answer:
        'Yes. We plan the layout with you, help you choose cabinets, counters and finishes, and show you the plan before any work begins. If you already have a design, we are happy to build from it.',
    },
  ],
  fallbackGallery: [
    { image: 'kitchen' },
    { image: 'welcome' },
    { image: 'services-hero' },
    { image: 'cabinet' },
  ],
} satisfies ServicePageCopy
