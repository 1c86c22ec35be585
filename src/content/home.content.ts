import { company, proof, type Registrations, yearsInBusiness } from '#app.config.ts'
import { monthYear } from './month-year'
import { quoteLabels } from './quote-labels'
import type { HomeContent } from './schemas/home.schema'

/** "City of Toronto licence B-07-123456 · WSIB 7654321 · $5,000,000 liability cover": the proof behind "Licensed & insured". */
function registrationNumbers(registrations: Registrations) {
  if (!registrations) return undefined
  const { licence, wsibNumber, insurance } = registrations
  const numbers = [
    licence && `${licence.issuer} licence ${licence.number}`,
    wsibNumber && `WSIB\u00a0${wsibNumber}`,
    insurance && `${insurance.liabilityCover} liability cover`,
  ].filter(Boolean)
  // No-break spaces keep "WSIB" with its number and the dot with the number before it.
  return numbers.length > 0 ? numbers.join('\u00a0· ') : undefined
}

export const homeContent: HomeContent = {
  seo: {
    title: 'Kitchen & Bathroom Remodeling in Richmond Hill',
    description:
      'Kitchen, bathroom and home remodeling across the Greater Toronto Area since 1998. Free consultations, no subcontractors, transparent estimates.',
  },
  hero: {
    title: `Transforming Homes Since ${company.foundedYear}`,
    subtitle: 'Your one-stop shop for kitchen and bathroom remodeling in the Greater Toronto Area.',
    ctaLabel: quoteLabels.full,
  },
  trust: {
    label: 'Why homeowners trust us',
    items: [
      {
        icon: 'calendar',
        value: `${yearsInBusiness()} years`,
        label: `Family-run in ${company.address.locality} since ${company.foundedYear}`,
      },
      {
        icon: 'shield-check',
        value: 'Licensed & insured',
        label:
          registrationNumbers(proof.registrations) ??
          'Licensed, bonded and insured, with our own crew',
        ...(proof.registrations?.sample ? { sample: 'licence and registration numbers' } : {}),
      },
      {
        icon: 'badge',
        value: `${company.warrantyYears}-year warranty`,
        label: 'On all of our workmanship',
      },
      ...(proof.reviewProfile
        ? [
            {
              icon: 'star' as const,
              value: `${proof.reviewProfile.rating.toFixed(1)} out of 5`,
              label: `From ${proof.reviewProfile.count} ${proof.reviewProfile.platform} reviews, ${monthYear(proof.reviewProfile.asOf, 'short')}`,
              source: { href: proof.reviewProfile.url },
              ...(proof.reviewProfile.sample ? { sample: 'rating' } : {}),
            },
          ]
        : []),
    ],
  },
  welcome: {
    eyebrow: `Welcome to ${company.name}`,
    title: 'Thoughtful Renovations, Built by Our Own Crew',
    paragraphs: [
      `For ${yearsInBusiness()} years, ${company.name} has helped homeowners and businesses across the Greater Toronto Area turn rooms that no longer work into spaces they enjoy every day. From our base in ${company.address.locality}, we plan and build kitchens, bathrooms, commercial spaces and whole-home renovations, along with custom carpentry and our new laser cutting art service.`,
      'Our mission is simple: you get what you want, at the price you want, in your timeframe. We listen first, give you a transparent estimate with no hidden fees, and do the work with our own crew rather than subcontractors, so the people you meet at your free consultation are the people who finish your project.',
    ],
    highlights: [
      'Free in-home consultations',
      'Our own crew, with no subcontractors',
      'Licensed, bonded and insured',
      'Transparent estimates with no hidden fees',
    ],
    image: 'welcome',
  },
  whyChooseUs: {
    title: 'Why Choose Us',
    subtitle: 'What you can count on when you renovate with us',
    cards: [
      {
        title: 'Full-Service Remodeling',
        text: 'From design and permits to construction and clean-up, we handle every stage of your project. Our own crew does the work, with no subcontractors.',
        icon: 'tools',
      },
      {
        title: 'Experience & Skill',
        text: `With ${yearsInBusiness()} years of renovating homes across the GTA, our team knows how to plan a project properly and finish it cleanly.`,
        icon: 'award',
      },
      {
        title: 'Satisfaction Guarantee',
        text: 'We walk through every finished project with you and put right anything that is not as agreed. Our work is backed by a 2-year workmanship warranty.',
        icon: 'badge',
      },
      {
        title: 'Competitive Pricing',
        text: 'Fair, transparent estimates with no hidden fees, so you know what your project will cost before work begins.',
        icon: 'tag',
      },
      {
        title: 'Licensed & Insured',
        text: 'We are licensed, bonded and insured, for your peace of mind and the protection of your home.',
        icon: 'shield-check',
      },
      {
        title: 'Quality Relationships',
        text: 'We keep you informed at every stage, return your calls and treat your home with respect. We want to be the first people you call for your next project.',
        icon: 'handshake',
      },
    ],
  },
  services: {
    title: 'Our Services',
    subtitle: 'Kitchens, bathrooms and everything in between, planned and built by one team',
    learnMoreLabel: 'Learn More',
    viewAllLabel: 'View All Services',
    laserBanner: {
      eyebrow: 'New',
      title: 'Introducing Laser Cutting Art',
      text: 'Custom wall art, signs, screens and decor, cut and engraved with precision in wood, acrylic, leather, fabric and paper. Simple pieces are ready in 1–2 days.',
      linkLabel: 'Explore Laser Cutting Art',
      serviceId: 'laser-cutting-art',
    },
  },
  statistics: {
    title: 'Value of Home Renovations',
    subtitle: 'A well-planned renovation improves how you live and what your home is worth',
    items: [
      {
        value: 90,
        suffix: '%',
        label: 'Return on kitchen renovations',
        explanation: 'A kitchen renovation can recoup up to 90% of its cost in added home value.',
      },
      {
        value: 80,
        suffix: '%',
        label: 'Return on bathroom renovations',
        explanation: 'A bathroom renovation can recoup up to 80% of its cost in added home value.',
      },
      {
        value: 40,
        suffix: '%',
        label: 'Energy savings with modern appliances',
        explanation:
          'Modern, energy-efficient appliances can use up to 40% less energy than older models.',
      },
    ],
  },
  testimonials: {
    title: 'What Our Clients Say',
    subtitle: 'Homeowners and businesses across the GTA on working with us',
    rating: 5,
  },
  review: {
    title: 'Review Us On Google',
    text: 'Worked with us? We would be grateful if you shared your experience. Your review helps your neighbours find a contractor they can trust.',
    buttonLabel: 'Leave a Google Review',
  },
  closing: {
    title: 'Ready to Transform Your Space?',
    subtitle: 'Book a free consultation and get a transparent estimate with no hidden fees.',
    quoteLabel: quoteLabels.full,
    callLabel: `Call ${company.phone.display}`,
  },
}
