/**
 * The option the contact form preselects for a service page's link. The form's schema is the
 * contact core's (supabase/functions/_shared/contact/contact-schema.ts; the site imports it, never
 * the reverse); its service options come from the one service vocabulary (src/content/services.ts).
 *
 * Client-safe: nothing secret, no server module.
 */
import {
  type ContactServiceOption,
  contactOptionOf,
  serviceVocabulary,
  type VocabularyServiceId,
} from '#src/content/services.ts'

/** The option to preselect for a service id from a URL (/contact-us?service=<id>); '' for none. */
export function serviceOptionForId(id: string | null | undefined): ContactServiceOption | '' {
  if (!id || !Object.hasOwn(serviceVocabulary, id)) return ''
  return contactOptionOf(id as VocabularyServiceId)
}
