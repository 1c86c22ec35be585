import { company } from '#app.config.ts'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import { isLocalHost } from './env-schema.server'

/** Domains set aside for examples (RFC 2606): mail to them reaches nobody. */
const exampleEmail = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|[^@.]+\.(?:example|test|invalid))$/i
/** North American numbers 555-0100 to 555-0199 are set aside for fiction: none of them rings. */
const fictionalPhone = /^\+1\d{3}55501\d{2}$/

/** What a visitor uses to reach the company (app.config.ts). */
type ContactFacts = { email: string; phone: { e164: string } }

/** The company's contact details in app.config.ts that are still the shipped placeholders. */
export function placeholderContactDetails(facts: ContactFacts = company): ('email' | 'phone')[] {
  return [
    exampleEmail.test(facts.email) ? ('email' as const) : undefined,
    fictionalPhone.test(facts.phone.e164) ? ('phone' as const) : undefined,
  ].filter((field) => field !== undefined)
}

/**
 * A public site that still shows the shipped email address or phone number reads as a demo, and
 * no visitor's call or mail reaches the company: say so once as the server starts, naming what to
 * change. A site on this machine (development, tests) is left alone.
 */
export function warnOfPlaceholderContactDetails(
  siteUrl: string,
  facts: ContactFacts = company,
  log: Logger = consoleLogger,
): boolean {
  if (isLocalHost(siteUrl)) return false
  const placeholders = placeholderContactDetails(facts)
  if (placeholders.length === 0) return false
  log.warn('site.placeholder_contact_details', {
    siteUrl,
    fields: placeholders.join(','),
    fix: `replace company.${placeholders.join(' and company.')} in app.config.ts with the company's own, then rebuild (docs/configuration.md)`,
  })
  return true
}
