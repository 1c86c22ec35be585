/**
 * The contact form's schema, as the site sees it: the shared schema the edge function also runs
 * (supabase/functions/_shared/contact/contact-schema.ts; the site imports it, never the
 * reverse), and which option a service page preselects, which only the site knows.
 *
 * Client-safe: nothing secret, no server module.
 */
import type { ContactServiceOption } from '../../../supabase/functions/_shared/contact/contact-schema.ts'
import type { LocationServiceId } from '../../content/locations.ts'
import type { ServiceId } from '../../content/services.ts'

export {
  type ContactFormFields,
  type ContactMessage,
  type ContactMessageFields,
  type ContactMessageInput,
  type ContactServiceOption,
  captchaRequiredMessage,
  contactFieldErrors,
  contactFormDefaults,
  contactFormFieldsSchema,
  contactLimits,
  contactMessageSchema,
  contactMessageShapeError,
  contactServiceOptions,
} from '../../../supabase/functions/_shared/contact/contact-schema.ts'

/** Which option a service page's quote button preselects (/contact-us?service=<id>). */
export const contactServiceOptionById = {
  'kitchen-remodeling': 'Kitchen Remodeling',
  'bathroom-remodeling': 'Bathroom Remodeling',
  'commercial-remodeling': 'Commercial Remodeling',
  'design-build': 'Design Build',
  'custom-carpentry-and-woodworking': 'Custom Carpentry',
  'home-design': 'Home Design',
  'general-contractor': 'General Contractor',
  'cabinet-carpentry': 'Cabinet Carpentry',
  'laser-cutting-art': 'Custom Carpentry',
  'home-improvement': 'Home Improvement',
  'home-design-architect': 'Home Design',
  'kitchen-and-bathroom-remodeling-services': 'Kitchen Remodeling',
} as const satisfies Record<ServiceId | LocationServiceId, ContactServiceOption>

/** The option to preselect for a service id from a URL; '' (none) for anything unknown. */
export function serviceOptionForId(id: string | null | undefined): ContactServiceOption | '' {
  if (!id || !Object.hasOwn(contactServiceOptionById, id)) return ''
  return contactServiceOptionById[id as keyof typeof contactServiceOptionById]
}
