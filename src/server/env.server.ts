// The server's settings read once, and what start says of them: a variable that does nothing in
// this mode, and contact details that are still the shipped placeholders.
import * as v from 'valibot'
import { company, unfilledProof } from '#app.config.ts'
import { homeTestimonials, locationTestimonials } from '#src/content/testimonials.content.ts'
import { consoleLogger, type Logger } from '#supabase/functions/_shared/log.ts'
import { type Environment, environmentSchema, isLocalHost } from './env-schema.server.ts'

export class EnvironmentError extends Error {
  override name = 'EnvironmentError'
}

/** An error names these but never repeats their values: it goes to the server's log. */
const secret = /SECRET|_KEY$|^SMTP_URL$/

/** Reads the variables the site knows; an empty value counts as unset. */
export function parseEnvironment(source: Record<string, string | undefined>): Environment {
  const set = Object.keys(environmentSchema.entries).filter((name) => source[name]?.trim())
  const raw = Object.fromEntries(set.map((name) => [name, source[name] ?? '']))
  const result = v.safeParse(environmentSchema, raw)
  if (result.success) return result.output
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue)
    const value = raw[name ?? ''] ?? ''
    const got = secret.test(name ?? '')
      ? `a value of ${value.length} characters, not shown`
      : JSON.stringify(value)
    if (!name) return issue.message
    return `${name} ${issue.message}${issue.message.includes('(got ') ? '' : ` (got ${got})`}`
  })
  throw new EnvironmentError(`Invalid environment:\n  - ${problems.join('\n  - ')}`)
}

let cached: Environment | undefined
export const getEnvironment = () => (cached ??= parseEnvironment(process.env))

const inFunction =
  'with Supabase the edge function stores and notifies: set it as a function secret (supabase secrets set)'
const embeddedOnly = 'only the embedded database uses it'
const functionSetting = 'a setting of the edge function: set it with supabase secrets set'

export function ignoredVariables(env: Environment, source: Record<string, string | undefined>) {
  const reasons: Record<string, string> = env.SUPABASE_URL
    ? {
        SMTP_URL: inFunction,
        CONTACT_TO_EMAIL: inFunction,
        CONTACT_RETRY_BACKOFF_MS: inFunction,
        CONTACT_UNCHECKED_PER_HOUR: inFunction,
        HCAPTCHA_SECRET: inFunction,
        HCAPTCHA_VERIFY_URL: inFunction,
        DATA_DIR: embeddedOnly,
        GALLERY_BUCKET_DIR: embeddedOnly,
      }
    : {
        SUPABASE_IMAGE_TRANSFORMATIONS:
          'only Supabase uses it: the embedded site makes its photo variants itself',
      }
  Object.assign(reasons, {
    SUPABASE_DB_URL: 'the site never connects to the database directly (npm run inbox reads it)',
    SUPABASE_SERVICE_ROLE_KEY:
      'the site reads SUPABASE_SECRET_KEY (a legacy service_role key may go there)',
    MAIL_API_KEY: functionSetting,
    MAIL_API_URL: functionSetting,
  })
  return Object.entries(reasons)
    .filter(([name]) => source[name]?.trim())
    .map(([name, reason]) => ({ name, reason }))
}

/** Mail to domains set aside for examples (RFC 2606) reaches nobody. */
const exampleEmail = /@(?:[^@]+\.)?(?:example\.(?:com|net|org)|[^@.]+\.(?:example|test|invalid))$/i
/** North American 555-0100 to 555-0199 are set aside for fiction: none of them rings. */
const fictionalPhone = /^\+1\d{3}55501\d{2}$/

/** The proof still on the template's samples: the places in app.config.ts, then the testimonials. */
export const shippedSampleProof = (
  testimonials = [...homeTestimonials, ...locationTestimonials],
): readonly string[] => [
  ...unfilledProof(),
  ...(testimonials.some((testimonial) => testimonial.sample) ? ['testimonials'] : []),
]

/**
 * A public site showing the shipped address or number reads as a demo and reaches nobody; one
 * still on sample proof (rating, licence, crew, testimonials) shows it marked "Sample".
 */
export function warnOfPlaceholderContactDetails(
  siteUrl: string,
  facts: { email: string; phone: { e164: string } } = company,
  log: Logger = consoleLogger,
  sampleProof: readonly string[] = shippedSampleProof(),
) {
  const contact = [
    exampleEmail.test(facts.email) && 'email',
    fictionalPhone.test(facts.phone.e164) && 'phone',
  ].filter((field) => typeof field === 'string')
  if (contact.length + sampleProof.length === 0 || isLocalHost(siteUrl)) return
  const fixes = [
    contact.length > 0 &&
      `replace company.${contact.join(' and company.')} in app.config.ts with the company's own`,
    sampleProof.length > 0 &&
      `fill ${sampleProof.join(', ')} with the owner's own and set sample: false (app.config.ts, src/content/testimonials.content.ts)`,
  ].filter(Boolean)
  log.warn('site.placeholder_contact_details', {
    siteUrl,
    fields: [...contact, ...sampleProof].join(','),
    fix: `${fixes.join('; ')}, then rebuild (docs/configuration.md)`,
  })
}
