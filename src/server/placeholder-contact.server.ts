// A public site showing the shipped address or number reads as a demo and reaches nobody: said once
// at start, naming what to change. A site on this machine (development, tests) is left alone.
import { company } from '#app.config.ts'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/contact/log.ts'
import { isLocalHost } from './env-schema.server'

/** Mail to domains set aside for examples (RFC 2606) reaches nobody. */
const exampleEmail = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|[^@.]+\.(?:example|test|invalid))$/i
/** North American 555-0100 to 555-0199 are set aside for fiction: none of them rings. */
const fictionalPhone = /^\+1\d{3}55501\d{2}$/

export function warnOfPlaceholderContactDetails(
  siteUrl: string,
  facts: { email: string; phone: { e164: string } } = company,
  log: Logger = consoleLogger,
) {
  const fields = [
    exampleEmail.test(facts.email) && 'email',
    fictionalPhone.test(facts.phone.e164) && 'phone',
  ].filter(Boolean)
  if (fields.length === 0 || isLocalHost(siteUrl)) return
  log.warn('site.placeholder_contact_details', {
    siteUrl,
    fields: fields.join(','),
    fix: `replace company.${fields.join(' and company.')} in app.config.ts with the company's own, then rebuild (docs/configuration.md)`,
  })
}
