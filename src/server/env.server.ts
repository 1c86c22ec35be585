import * as v from 'valibot'
import { parseTrustProxy } from './contact/client-ip.server.ts'
import { type Environment, environmentSchema, hcaptchaTestKeys } from './env-schema.server.ts'

export class EnvironmentError extends Error {
  override name = 'EnvironmentError'
}

const knownVariables = Object.keys(environmentSchema.entries) as (keyof Environment)[]

/** An error names these but never repeats their values: it goes to the server's log. */
const secretVariables: ReadonlySet<string> = new Set([
  'HCAPTCHA_SECRET',
  'OWNER_REPORT_KEY',
  'SMTP_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_SECRET_KEY',
])

const describeValue = (name: string, value: string | undefined) =>
  secretVariables.has(name) && value !== undefined
    ? `a value of ${value.length} characters, not shown`
    : JSON.stringify(value)

/** Reads the variables the site knows; an empty value counts as unset. */
export function parseEnvironment(source: Record<string, string | undefined>): Environment {
  const raw: Record<string, string> = {}
  for (const name of knownVariables) {
    const value = source[name]
    if (value !== undefined && value.trim() !== '') raw[name] = value
  }
  const result = v.safeParse(environmentSchema, raw)
  if (result.success) {
    const refusal = productionRefusal(result.output, source) ?? trustProxyRefusal(result.output)
    if (refusal) throw new EnvironmentError(`Invalid environment:\n  - ${refusal}`)
    return result.output
  }
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue)
    return name ? `${name} ${issue.message} (got ${describeValue(name, raw[name])})` : issue.message
  })
  throw new EnvironmentError(`Invalid environment:\n  - ${problems.join('\n  - ')}`)
}

function trustProxyRefusal(env: Environment): string | undefined {
  try {
    parseTrustProxy(env.TRUST_PROXY)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

let cached: Environment | undefined

export function getEnvironment(): Environment {
  cached ??= parseEnvironment(process.env)
  return cached
}

/** Whether the site URL is this machine (development, tests), not a public address. */
export const isLocalHost = (url: string) => {
  const host = new URL(url).hostname
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^(127\.|\[::1\]$|0\.0\.0\.0$)/.test(host)
  )
}

/**
 * A public production site on hCaptcha's published test keys would accept every bot: refuse to
 * start, naming what to set.
 */
export function productionRefusal(
  env: Environment,
  source: Record<string, string | undefined>,
): string | undefined {
  if (source.NODE_ENV !== 'production' || isLocalHost(env.SITE_URL)) return undefined
  const onTestKeys = [
    env.HCAPTCHA_SITE_KEY === hcaptchaTestKeys.siteKey ? 'HCAPTCHA_SITE_KEY' : undefined,
    env.SUPABASE_URL === undefined && env.HCAPTCHA_SECRET === hcaptchaTestKeys.secret
      ? 'HCAPTCHA_SECRET'
      : undefined,
  ].filter(Boolean)
  if (onTestKeys.length === 0) return undefined
  return `${onTestKeys.join(' and ')} still hold hCaptcha's published test keys, which pass every visitor, on the public site ${env.SITE_URL} (NODE_ENV=production): set ${onTestKeys.join(' and ')} to your hCaptcha keys`
}

/** Variables that are set but do nothing in the mode the environment chose. */
export function ignoredVariables(
  env: Environment,
  source: Record<string, string | undefined>,
): { name: string; reason: string }[] {
  const set = (name: string) => (source[name]?.trim() ?? '') !== ''
  const supabase = env.SUPABASE_URL !== undefined
  const ignored: { name: string; reason: string }[] = []
  if (supabase) {
    const inFunction =
      'with Supabase the edge function stores and notifies: set it as a function secret (supabase secrets set)'
    for (const name of [
      'SMTP_URL',
      'CONTACT_TO_EMAIL',
      'CONTACT_RETRY_BACKOFF_MS',
      'HCAPTCHA_SECRET',
      'HCAPTCHA_VERIFY_URL',
    ]) {
      if (set(name)) ignored.push({ name, reason: inFunction })
    }
    for (const name of ['DATA_DIR', 'GALLERY_BUCKET_DIR']) {
      if (set(name)) ignored.push({ name, reason: 'only the embedded database uses it' })
    }
  } else if (set('SUPABASE_IMAGE_TRANSFORMATIONS')) {
    ignored.push({
      name: 'SUPABASE_IMAGE_TRANSFORMATIONS',
      reason: 'only Supabase uses it: the embedded site makes its photo variants itself',
    })
  }
  for (const name of [
    'SUPABASE_DB_URL',
    'SUPABASE_SERVICE_ROLE_KEY',
    'MAIL_API_KEY',
    'MAIL_API_URL',
  ]) {
    if (set(name)) {
      ignored.push({
        name,
        reason:
          name === 'SUPABASE_DB_URL'
            ? 'the site never connects to the database directly (npm run inbox reads it)'
            : name === 'SUPABASE_SERVICE_ROLE_KEY'
              ? 'the site reads SUPABASE_SECRET_KEY (a legacy service_role key may go there)'
              : 'a setting of the edge function: set it with supabase secrets set',
      })
    }
  }
  return ignored
}
