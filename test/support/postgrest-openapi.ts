import type { SqlExecutor } from '#supabase/functions/_shared/contact/database.ts'

/**
 * What PostgREST's root (`GET /rest/v1/`) describes in its default openapi-mode,
 * follow-privileges: a Swagger 2.0 document of the exposed schema (public) with the tables, views
 * and functions the requesting role may reach, read from PostgreSQL's catalog in the request's
 * own transaction, as PostgREST reads it. A relation is listed when the role owns it or holds any
 * privilege on it or on one of its columns; a function when the role may EXECUTE it (directly,
 * through PUBLIC or through a role it inherits). A sequence is no endpoint of its own: PostgREST
 * lists none.
 */

interface ColumnRow {
  relation: string
  kind: string
  column: string | null
  type: string | null
  required: boolean | null
}

interface FunctionRow {
  name: string
  argument: string | null
  type: string | null
  position: number | null
  required: boolean | null
}

interface SwaggerProperty {
  format: string
  type?: string
  items?: { type: string }
}

const relationsSql = `
  select c.relname as relation, c.relkind::text as kind, a.attname as column,
         pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
         (a.attnotnull and not a.atthasdef and a.attidentity = '' and a.attgenerated = '') as required
  from pg_catalog.pg_class as c
  join pg_catalog.pg_namespace as n on n.oid = c.relnamespace
  left join pg_catalog.pg_attribute as a
    on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where n.nspname = 'public'
    and c.relkind in ('r', 'v', 'm', 'f', 'p')
    and (
      pg_catalog.pg_has_role(c.relowner, 'USAGE')
      or pg_catalog.has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
      or pg_catalog.has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES')
    )
  order by c.relname, a.attnum`

// Functions with their IN arguments (a function without arguments gives one row of nulls).
const functionsSql = `
  select p.proname as name, argument.name as argument,
         pg_catalog.format_type(argument.type, null) as type, argument.position::int as position,
         (argument.position <= p.pronargs - p.pronargdefaults) as required
  from pg_catalog.pg_proc as p
  join pg_catalog.pg_namespace as n on n.oid = p.pronamespace
  left join lateral unnest(p.proargtypes::oid[], p.proargnames[1:p.pronargs])
    with ordinality as argument (type, name, position) on true
  where n.nspname = 'public'
    and p.prokind = 'f'
    and pg_catalog.has_function_privilege(p.oid, 'EXECUTE')
  order by p.proname, argument.position`

/** PostgREST's Swagger type for a PostgreSQL type, with the type's own name as the format. */
function propertyOf(type: string): SwaggerProperty {
  if (type.endsWith('[]')) return { format: type, type: 'array', items: { type: 'string' } }
  if (/^(smallint|integer|bigint)$/.test(type)) return { format: type, type: 'integer' }
  if (/^(numeric|real|double precision)/.test(type)) return { format: type, type: 'number' }
  if (type === 'boolean') return { format: type, type: 'boolean' }
  if (type === 'json' || type === 'jsonb') return { format: type }
  return { format: type, type: 'string' }
}

const groupBy = <Row, Key extends keyof Row>(rows: Row[], key: Key) => {
  const groups = new Map<Row[Key], Row[]>()
  for (const row of rows) groups.set(row[key], [...(groups.get(row[key]) ?? []), row])
  return groups
}

/** The root document for the role the transaction runs as. */
export async function describeApi(tx: SqlExecutor, host: string): Promise<unknown> {
  const relations = groupBy((await tx.query<ColumnRow>(relationsSql)).rows, 'relation')
  const functions = groupBy((await tx.query<FunctionRow>(functionsSql)).rows, 'name')
  const paths: Record<string, unknown> = {
    '/': { get: { tags: ['Introspection'], summary: 'OpenAPI description (this document)' } },
  }
  const definitions: Record<string, unknown> = {}
  for (const [relation, columns] of relations) {
    const named = columns.filter((row) => row.column !== null && row.type !== null)
    definitions[relation] = {
      type: 'object',
      required: named.filter((row) => row.required).map((row) => row.column),
      properties: Object.fromEntries(
        named.map((row) => [row.column, propertyOf(row.type as string)]),
      ),
    }
    const reference = { $ref: `#/definitions/${relation}` }
    const read = {
      tags: [relation],
      responses: { '200': { description: 'OK', schema: { type: 'array', items: reference } } },
    }
    // Views and the like are shown with every verb too, as PostgREST does.
    paths[`/${relation}`] = {
      get: read,
      post: { tags: [relation], responses: { '201': { description: 'Created' } } },
      patch: { tags: [relation], responses: { '204': { description: 'No Content' } } },
      delete: { tags: [relation], responses: { '204': { description: 'No Content' } } },
    }
  }
  for (const [name, rows] of functions) {
    const argumentsOf = rows.filter((row) => row.argument !== null && row.type !== null)
    const get = argumentsOf.map((row) => ({
      in: 'query',
      name: row.argument,
      required: row.required === true,
      ...propertyOf(row.type as string),
    }))
    const body = {
      in: 'body',
      name: 'args',
      required: true,
      schema: {
        type: 'object',
        required: argumentsOf.filter((row) => row.required).map((row) => row.argument),
        properties: Object.fromEntries(
          argumentsOf.map((row) => [row.argument, propertyOf(row.type as string)]),
        ),
      },
    }
    const ok = { '200': { description: 'OK' } }
    paths[`/rpc/${name}`] = {
      get: { tags: [`(rpc) ${name}`], parameters: get, responses: ok },
      post: { tags: [`(rpc) ${name}`], parameters: [body], responses: ok },
    }
  }
  return {
    swagger: '2.0',
    info: { title: 'standard public schema', version: '12.2.3' },
    host,
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    produces: ['application/json', 'application/vnd.pgrst.object+json', 'text/csv'],
    paths,
    definitions,
  }
}
