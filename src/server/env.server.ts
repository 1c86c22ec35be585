import * as v from 'valibot'
import { type Environment, environmentSchema } from '../../app.config'

export class EnvironmentError extends Error {
  override name = 'EnvironmentError'
}

const knownVariables = Object.keys(environmentSchema.entries) as (keyof Environment)[]

/** An error names these but never repeats their values: it goes to the server's log. */
const secretVariables: ReadonlySet<string> = new Set([
  'HCAPTCHA_SECRET',
  'SMTP_URL',
  'SUPABASE_ANON_KEY',
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
  if (result.success) return result.output
  const problems = result.issues.map((issue) => {
    const name = v.getDotPath(issue)
    return name ? `${name} ${issue.message} (got ${describeValue(name, raw[name])})` : issue.message
  })
  throw new EnvironmentError(`Invalid environment:\n  - ${problems.join('\n  - ')}`)
}

let cached: Environment | undefined

export function getEnvironment(): Environment {
  cached ??= parseEnvironment(process.env)
  return cached
}
