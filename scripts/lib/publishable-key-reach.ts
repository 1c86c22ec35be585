/**
 * What the publishable key can reach through the Data API, from the Data API's own description
 * (PostgREST's OpenAPI root, `GET /rest/v1/`), for `npm run verify:deploy`.
 *
 * PostgREST describes to each role the tables, views and functions that role may reach. Given
 * to the publishable key, that description is the answer itself; hosted Supabase gives it only
 * to a secret key (since March 2026), and then every table, view and function it lists is tried
 * with the publishable key: a read, and each function called with values of its arguments' types
 * over GET (PostgREST runs a GET call read-only, so a function the key may run changes nothing).
 */

/** The only thing the publishable key may reach: the site reads the gallery with it. */
export const publiclyReadable = 'gallery_images'
/** The one function it may call: a page of the gallery (security invoker, so it reads as anon). */
export const publiclyCallable = 'gallery_view'

/** What it reads of the description: each path, and a GET's query parameters with their types. */
export interface DataApiDescription {
  paths?: Record<
    string,
    { get?: { parameters?: { name?: string; in?: string; format?: string }[] } }
  >
}

export interface DescribedFunction {
  name: string
  /** The arguments' PostgreSQL types, in order, e.g. `site_report(integer)`. */
  signature: string
  /** Query arguments with a value of each one's type. */
  args: Record<string, string> | { missingValueFor: string }
}

/** A value PostgreSQL accepts for a type, as PostgREST passes a GET argument (text, cast). */
function sampleValue(type: string): string | undefined {
  if (type.endsWith('[]')) return '{}'
  if (/^(smallint|integer|bigint|numeric|real|double precision)/.test(type)) return '1'
  if (type === 'boolean') return 'false'
  if (/^(text|character varying|character|citext|name)/.test(type)) return 'verify-deploy'
  if (type === 'uuid') return '00000000-0000-0000-0000-000000000000'
  if (type === 'date') return new Date().toISOString().slice(0, 10)
  if (type.startsWith('timestamp')) return new Date().toISOString()
  if (type === 'json' || type === 'jsonb') return '{}'
  if (type === 'inet') return '192.0.2.1'
  return undefined
}

export type DescribedSchema = ReturnType<typeof describedSchema>

/** The relations and functions a description lists (besides its own root). */
export function describedSchema(description: DataApiDescription) {
  const relations: string[] = []
  const functions: DescribedFunction[] = []
  for (const [path, item] of Object.entries(description.paths ?? {})) {
    const rpc = /^\/rpc\/(.+)$/.exec(path)?.[1]
    if (rpc === undefined) {
      if (path !== '/') relations.push(path.slice(1))
      continue
    }
    const parameters = (item.get?.parameters ?? []).filter(
      (parameter) => parameter.in === 'query' && parameter.name,
    )
    const args: Record<string, string> = {}
    let missingValueFor: string | undefined
    for (const parameter of parameters) {
      const value = sampleValue(parameter.format ?? '')
      if (value === undefined) missingValueFor ??= `${parameter.name} ${parameter.format}`
      else args[parameter.name as string] = value
    }
    functions.push({
      name: rpc,
      signature: `${rpc}(${parameters.map((parameter) => parameter.format).join(', ')})`,
      args: missingValueFor ? { missingValueFor } : args,
    })
  }
  return {
    relations: relations.sort(),
    functions: functions.sort((a, b) => (a.name < b.name ? -1 : 1)),
  }
}

/** The statement that takes a relation or a function away from the API roles. */
export const revokeStatement = (what: { relation: string } | { signature: string }) =>
  'relation' in what
    ? `revoke all on table public.${what.relation} from anon, authenticated;`
    : `revoke all on function public.${what.signature} from public, anon, authenticated;`
