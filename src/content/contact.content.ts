import type { ContactPageContent } from './schemas/page.schema'

export const contactPage: ContactPageContent = {
  seo: {
    title: 'Contact Us for a Free Consultation',
    description:
      'Call, email or send us a message to book a free consultation for your kitchen, bathroom or home renovation in Richmond Hill and the Greater Toronto Area.',
  },
  hero: {
    eyebrow: 'Free Consultation',
    title: 'Contact Us',
    subtitle:
      'Tell us about your project. We reply within one business day, and the consultation is always free.',
  },
  detailsTitle: 'Get in Touch',
  mapTitle: 'Map of our Richmond Hill office',
  form: {
    title: 'Send Us a Message',
    subtitle: 'Share a few details and we will get back to you shortly.',
  },
}
