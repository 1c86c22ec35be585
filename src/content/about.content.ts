import { company, yearsInBusiness } from '#app.config.ts'
import { quoteLabels } from './quote-labels'
import type { AboutContent } from './schemas/about.schema'

export const aboutContent: AboutContent = {
  seo: {
    title: 'About Us',
    description: `Renovating homes across the Greater Toronto Area since ${company.foundedYear}: our story, our philosophy and how we take a project from design to final inspection.`,
  },
  hero: {
    title: 'About Us',
    subtitle: `Renovating homes across the Greater Toronto Area since ${company.foundedYear}`,
  },
  story: {
    title: 'Our Story & Philosophy',
    paragraphs: [
      `${company.name} began in ${company.foundedYear} with a simple idea: a renovation should be planned with care, priced honestly and built by people who take pride in their work. ${yearsInBusiness()} years later, that idea still guides every kitchen, bathroom and home we work on across the Greater Toronto Area.`,
      `From our base in ${company.address.locality}, we have grown from kitchens and bathrooms into commercial remodeling, design build, home design, custom carpentry and, most recently, laser cutting art. What has not changed is how we work: our own crew on every project, no subcontractors, and a transparent estimate with no hidden fees before any work begins.`,
      'We listen before we draw anything, explain the choices in plain language, and keep you informed from the first visit to the final walkthrough. A renovation happens in your home, and we treat it that way.',
    ],
    mission:
      'Our mission is for every client to get what they want, at the price they want, in their timeframe.',
    image: 'team',
  },
  whyRemodel: {
    title: 'Why Remodel?',
    intro:
      'A renovation is a chance to make your home work the way you live now, whether you plan to stay for years or sell in the near future.',
    cards: [
      {
        title: 'Update Your Kitchen or Bathroom Today',
        icon: 'sparkle',
        text: 'Kitchens and bathrooms are the rooms you use most and the ones that date fastest. Updating them now means you enjoy the better layout, storage and efficiency every day, instead of putting up with a room that frustrates you.',
      },
      {
        title: 'Stay or Move: Remodeling Pays Either Way',
        icon: 'key',
        text: 'If you are staying, remodeling gives you the home you want without the cost and upheaval of moving. If you are selling, an updated kitchen or bathroom is among the improvements buyers notice first, and it can add real value to your home.',
      },
    ],
  },
  benefits: {
    title: 'Key Benefits of Remodeling',
    intro: 'A well-planned renovation pays you back in more ways than one.',
    items: [
      {
        title: 'Energy Savings',
        icon: 'leaf',
        text: 'Modern appliances can use up to 40% less energy than older models, and better insulation, windows and lighting lower your bills further.',
      },
      {
        title: 'Financial Incentives',
        icon: 'coins',
        text: 'Energy-efficiency upgrades may qualify for rebates and incentive programs from governments and utilities, which can offset part of the cost. We help you understand which upgrades might qualify.',
      },
      {
        title: 'Added Property Value',
        icon: 'house-value',
        text: 'Kitchen renovations can return up to 90% of their cost in added home value, and bathroom renovations up to 80%.',
      },
      {
        title: 'Tech-Friendly Upgrades',
        icon: 'plug',
        text: 'A renovation is the ideal time to add smart thermostats and lighting, charging stations, better Wi-Fi coverage and wiring for the technology you use every day.',
      },
    ],
  },
  process: {
    title: "We've Got It Covered",
    intro:
      'Every project starts with a free consultation, then follows the same four stages, handled from start to finish by our own team.',
    steps: [
      {
        title: 'Design & Planning',
        description:
          'We start with a free consultation, measure your space and plan a design that fits how you live and what you want to spend.',
      },
      {
        title: 'Material Selection',
        description:
          'We help you choose cabinets, counters, tile, fixtures and finishes that suit your style, your budget and the way you use the room.',
      },
      {
        title: 'Professional Construction',
        description:
          'Our own licensed, bonded and insured crew builds your project, with no subcontractors, a tidy site and regular updates.',
      },
      {
        title: 'Final Inspection',
        description:
          'We inspect the finished work with you, put right anything that is not as agreed and hand over your 2-year workmanship warranty.',
      },
    ],
  },
  closing: {
    title: 'Contact Us Today',
    subtitle:
      'Tell us about your project and book a free consultation. We will listen, answer your questions and give you a transparent estimate with no hidden fees.',
    quoteLabel: quoteLabels.full,
  },
}
