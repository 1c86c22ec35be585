/**
 * The contact form's schema, as the site sees it: the shared schema the edge function also runs
 * (supabase/functions/_shared/contact/contact-schema.ts; the site imports it, never the
 * reverse), and the form's service options, which come from the one service vocabulary
 * (src/content/services.ts) with the option each service page preselects.
 *
 * Client-safe: nothing secret, no server module.
 */
import {
  type ContactServiceOption,
  contactOptionOf,
  serviceVocabulary,
  type VocabularyServiceId,
} from '#src/content/services.ts'

export {
  type ContactServiceOption,
  contactServiceOptions,
} from '#src/content/services.ts'
export {
  type ContactFormFields,
  type ContactMessageInput,
  captchaRequiredMessage,
  contactFieldErrors,
  contactFieldLabels,
  contactFieldNames,
  contactFormDefaults,
  contactFormFieldsSchema,
  contactLimits,
  contactMessageSchema,
  contactMessageShapeError,
  isOptionalContactField,
} from '#supabase/functions/_shared/contact/contact-schema.ts'

/** The option to preselect for a service id from a URL (/contact-us?service=<id>); '' for none. */
export function serviceOptionForId(id: string | null | undefined): ContactServiceOption | '' {
  if (!id || !Object.hasOwn(serviceVocabulary, id)) return ''
  return contactOptionOf(id as VocabularyServiceId)
}
