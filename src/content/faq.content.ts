import { company } from '#app.config.ts'
import type { FaqEntry, FaqPage } from './schemas/faq.schema'

export const faqPage: FaqPage = {
  seo: {
    title: 'Frequently Asked Questions',
    description:
      'Answers about renovation timelines, costs, warranty, permits, subcontractors, laser cutting and the areas we serve across the Greater Toronto Area.',
  },
  title: 'Frequently Asked Questions',
  subtitle: 'Straight answers to the questions we hear most often',
  contactPrompt: {
    title: 'Still have a question?',
    text: 'Call us or send a message, and we will get back to you shortly.',
    linkLabel: 'Contact Us',
  },
}

/** The questions of the /faq accordion, in order. */
export const faqs: readonly FaqEntry[] = [
  {
    id: 'how-long-does-a-renovation-take',
    question: 'How long does a kitchen or bathroom renovation take?',
    answer:
      'Most kitchen renovations take 4–8 weeks and most bathrooms 2–4 weeks, counted from the day work begins. Where your project falls in that range depends on its size, any layout changes and how long your chosen materials take to arrive. We give you a written schedule before we start and keep you updated as the work goes on.',
  },
  {
    id: 'how-much-does-a-renovation-cost',
    question: 'How much does a kitchen or bathroom renovation cost?',
    answer:
      'Most of our kitchen renovations cost $30,000–$80,000, and most bathrooms $15,000–$40,000. The size of the room, changes to the layout or plumbing, and the finishes you choose make the biggest difference. After your consultation you receive a written estimate for your own project.',
  },
  {
    id: 'do-you-offer-a-warranty',
    question: 'Do you stand behind your work?',
    answer:
      'Yes. Every project we complete is covered by our 2-year workmanship warranty. If something we built or installed is not right during that time, call us and we will come back and fix it.',
  },
  {
    id: 'are-consultations-and-estimates-free',
    question: 'Are consultations and estimates free?',
    answer:
      'Yes. We visit your home, talk through what you want, take measurements and send you a written estimate, all free and with no obligation. Our estimates are transparent, with no hidden fees, and the payment schedule is set out in writing before any work begins. If you decide to change something once work has started, we price the change in writing first.',
  },
  {
    id: 'are-you-licensed-and-insured',
    question: 'Are you licensed and insured?',
    answer: `Yes. ${company.name} is licensed, bonded and insured, and we are happy to show proof of coverage before your project starts. We have been renovating homes across the Greater Toronto Area since ${company.foundedYear}.`,
  },
  {
    id: 'do-you-use-subcontractors',
    question: 'Do you use subcontractors?',
    answer:
      'No. Every part of your project is done by our own crew, from demolition and framing to plumbing, electrical, cabinetry and finishing. That means one team, one schedule and one standard of workmanship from start to finish.',
  },
  {
    id: 'do-you-handle-permits',
    question: 'Do you take care of building permits?',
    answer:
      'Yes. Cosmetic updates usually do not need a permit, but moving walls, adding plumbing or changing the structure usually do. We tell you at the estimate stage whether your project needs one, then prepare the application and book the inspections as part of the work.',
  },
  {
    id: 'can-we-live-at-home-during-the-renovation',
    question: 'Can we stay in our home during the renovation?',
    answer:
      'Most of our clients do. We seal off the work area, control dust and clean up at the end of every day. For a kitchen we can help you set up a temporary kitchen elsewhere in the house, and for a bathroom we tell you in advance which days it will be out of use.',
  },
  {
    id: 'can-you-help-with-design',
    question: 'Can you help us design our new space?',
    answer:
      'Yes. We can plan your layout, draw up the design and help you choose cabinets, counters, tile, fixtures and finishes. If you already have plans from a designer or architect, we are just as happy to build from them.',
  },
  {
    id: 'what-can-you-laser-cut',
    question: 'What materials can you laser cut, and how long does it take?',
    answer:
      'Our laser cutting art service works with wood, acrylic, leather, fabric and paper; we do not cut metal. Simple jobs are usually ready in 1–2 days, and complex or large pieces take 1–2 weeks.',
  },
  {
    id: 'how-long-does-home-design-take',
    question: 'How long does the home design process take?',
    answer:
      'Designing a single room usually takes 2–4 weeks, and a whole home 6–12 weeks. The timeline depends on how many rooms are involved and how quickly decisions are made along the way.',
  },
  {
    id: 'what-areas-do-you-serve',
    question: 'What areas do you serve?',
    answer: `We are based in ${company.address.locality} and work throughout the Greater Toronto Area, including Concord, Etobicoke and Midtown Toronto. If you are not sure whether we cover your neighbourhood, give us a call or send us a message.`,
  },
]
