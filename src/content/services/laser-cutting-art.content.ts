import type { ServicePageCopy } from '../schemas/service.schema'

/** The page copy of /services/laser-cutting-art (its title is in services.ts, its card in service-cards.ts). */
export default {
  subtitle: 'Precise laser-cut art, signs and details in wood, acrylic and more',
  seo: {
    title: 'Laser Cutting Art in Richmond Hill',
    description:
      'Custom laser-cut art, signs and decor in wood, acrylic, leather, fabric and paper. Simple jobs in 1–2 days, complex pieces in 1–2 weeks.',
  },
  description: [
    'Laser cutting art is the newest service at Maple Hearth Renovations. With a precision laser, we cut and engrave detailed designs that would be slow or impossible to make by hand, from house signs and wall art to decorative screens, inlays and personalized gifts.',
    'We work with non-metal materials: wood, acrylic, leather, fabric and paper. That makes laser work a natural partner for our carpentry, whether it is a patterned panel for a cabinet door, a decorative room screen or a sign for your business.',
    'Simple jobs are usually ready in 1–2 days, while complex or large pieces take 1–2 weeks. Bring us a sketch, a photo or just an idea, and we will help you turn it into a design ready to cut, with a clear quote before we begin.',
  ],
  galleryCategory: 'carpentry',
  features: [
    'Cutting and engraving in wood, acrylic, leather, fabric and paper',
    'Custom wall art, house numbers and signs',
    'Decorative screens, panels and cabinet door inserts',
    'Personalized gifts, keepsakes and event decor',
    'Business signage and branded displays',
    'Help turning a sketch or photo into a design ready to cut',
  ],
  benefits: [
    'Fine detail and clean edges that are hard to achieve by hand',
    'One-of-a-kind pieces or small batches made to your exact size',
    'Quick turnaround: 1–2 days for simple jobs',
    'Laser-cut details that tie in with our cabinetry and carpentry',
    'A clear quote before any cutting begins',
  ],
  process: [
    'Tell us what you have in mind and send a sketch, photo or file if you have one, along with the size and material you are considering.',
    'We prepare the design for cutting and send you a proof to approve, with a clear quote and turnaround time.',
    'You choose from wood, acrylic, leather, fabric or paper, and we help you pick a thickness and finish that suits the piece.',
    'We cut and engrave the piece, usually within 1–2 days for simple jobs and 1–2 weeks for complex ones.',
    'We inspect, clean and finish each piece, then have it ready for pickup or install it as part of your renovation.',
  ],
  faqs: [
    {
      question: 'What materials can you laser cut?',
      answer: 'We cut and engrave wood, acrylic, leather, fabric and paper. We do not cut metal.',
    },
    {
      question: 'How long does a laser cutting job take?',
      answer:
        'Simple jobs are usually ready in 1–2 days. Complex or large pieces take 1–2 weeks, and we confirm the timing when we send your proof.',
    },
    {
      question: 'Can you work from my own design?',
      answer:
        'Yes. Send us a vector file, a drawing or a photo, and we will prepare it for cutting and show you a proof before we start.',
    },
    {
      question: 'Can laser-cut pieces be built into a renovation?',
      answer:
        'Yes. Laser-cut panels work well as cabinet door inserts, room screens, stair details and feature walls, and our carpenters install them as part of the project, covered by our 2-year workmanship warranty.',
    },
  ],
  fallbackGallery: [
    { image: 'laser-art' },
    { image: 'carpentry' },
    { image: 'team', alt: 'Illustration of a renovation crew at work in a carpentry workshop' },
  ],
} satisfies ServicePageCopy
