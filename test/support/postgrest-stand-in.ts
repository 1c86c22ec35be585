import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Database, SqlExecutor } from '#supabase/functions/_shared/contact/database.ts'
import { describeApi } from './postgrest-openapi.ts'
import { createStorageApi } from './storage-stand-in.ts'

/**
 * A stand-in for a hosted Supabase project's HTTP gateway on 127.0.0.1 (no PostgREST or Kong can
 * run here), backed by a real Postgres with our migrations (PGlite or PostgreSQL 15). For the real
 * supabase-js: table reads and RPCs run in the database as the key's role (`set local role anon`
 * with the claims PostgREST sets, so row level security answers, never a list in memory), with
 * PostgREST's shapes (exact counts, error bodies); a GET's query arguments are honoured (filters,
 * order, limit, offset; the arguments of a GET RPC, run read-only as PostgREST runs it) or refused
 * with 400, never dropped; the root describes what the key's role may reach
 * (postgrest-openapi.ts; to a secret key only, as hosted Supabase, unless told otherwise); Storage over a folder (storage-stand-in.ts); and
 * /functions/v1/<name> passed untouched to the function's own server (verify_jwt = false).
 * Faults (an outage, a malformed answer) are injected at this HTTP edge.
 */

export interface PostgrestErrorBody {
  code: string
  message: string
  details: string | null
  hint: string | null
}

export interface RecordedRequest {
  method: string
  path: string
  searchParams: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
}

export interface StandInFault {
  status: number
  /** The answer's body: a PostgREST error, or anything (a malformed answer). */
  body?: unknown
  /** Only requests whose path this matches fail; all /rest/v1 requests when absent. */
  path?: RegExp
}

export interface PostgrestStandIn {
  /** The project URL to give supabase-js (SUPABASE_URL). */
  readonly url: string
  /** The publishable key: requests with it run as `anon`. */
  readonly anonKey: string
  /** A secret key: requests with it run as `service_role`. */
  readonly secretKey: string
  readonly database: Database
  readonly requests: RecordedRequest[]
  /** Makes matching requests answer with an error until fail(undefined). */
  fail(fault: StandInFault | undefined): void
  /**
   * Whether Storage transforms images from now on: false answers 403 FeatureNotEnabled to every
   * /storage/v1/render/image/ URL, as a plan without image transformations does.
   */
  setImageTransformations(enabled: boolean): void
  /**
   * Whether the root describes the schema to the publishable key from now on (default false:
   * hosted Supabase answers it only to a secret key since March 2026; PostgREST itself, and
   * projects from before, answer any role with what that role may reach).
   */
  describeToPublishableKey(enabled: boolean): void
  close(): Promise<void>
}

export interface PostgrestStandInOptions {
  /** The project's database, with the Supabase schema (test/support/supabase-schema.ts). */
  database: Database
  anonKey?: string
  secretKey?: string
  /** Where /functions/v1/<name> goes: the function's own server (e.g. `deno run index.ts`). */
  functions?: Record<string, string>
  /**
   * Serves Storage from <storageDir>/<bucket>/<path>: public objects to anyone, and to the secret
   * key the API supabase-js uses to list, download, upload and remove (storage-stand-in.ts).
   */
  storageDir?: string
  /** Whether Storage transforms images at first (default true; see setImageTransformations). */
  imageTransformations?: boolean
}

export const serviceUnavailable: PostgrestErrorBody = {
  code: 'PGRST002',
  message: 'Could not query the database for the schema cache. Retrying.',
  details: null,
  hint: null,
}

const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
  response.end(JSON.stringify(body))
}

const errorBody = (code: string, message: string, hint: string | null = null) => ({
  code,
  message,
  details: null,
  hint,
})

const identifier = /^[a-z_][a-z0-9_]*$/

/** The query arguments of a table read that are not filters. */
const readOptions = new Set(['select', 'order', 'limit', 'offset'])

const comparisons: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
}

/**
 * PostgREST's horizontal filters, order, limit and offset as SQL over the table `r` with bound
 * values;
 * a message when the request uses one this stand-in does not serve.
 */
function readClauses(
  query: URLSearchParams,
): { where: string; order: string; limit: string; values: unknown[] } | string {
  const values: unknown[] = []
  const conditions: string[] = []
  for (const [column, filter] of query) {
    if (readOptions.has(column)) continue
    const [, negated, operator = '', operand = ''] = /^(not\.)?([a-z]+)\.(.*)$/s.exec(filter) ?? []
    if (!identifier.test(column)) return `unsupported column ${column}`
    let condition: string
    if (operator in comparisons) {
      values.push(operand)
      condition = `r."${column}" ${comparisons[operator]} $${values.length}`
    } else if (operator === 'is' && /^(null|true|false)$/.test(operand)) {
      condition = `r."${column}" is ${operand}`
    } else if (operator === 'in' && /^\(.*\)$/s.test(operand)) {
      const items = operand
        .slice(1, -1)
        .split(',')
        .map((item) => item.replace(/^"(.*)"$/s, '$1'))
      values.push(items)
      condition = `r."${column}"::text = any($${values.length}::text[])`
    } else {
      return `unsupported filter ${column}=${filter}`
    }
    conditions.push(negated ? `not (${condition})` : condition)
  }
  const orderings: string[] = []
  for (const term of query.get('order')?.split(',') ?? []) {
    const [column = '', direction, nulls] = term.split('.')
    if (!identifier.test(column)) return `unsupported order ${term}`
    if (direction !== undefined && !/^(asc|desc)$/.test(direction))
      return `unsupported order ${term}`
    if (nulls !== undefined && !/^(nullsfirst|nullslast)$/.test(nulls)) {
      return `unsupported order ${term}`
    }
    orderings.push(`r."${column}" ${direction ?? 'asc'}${nulls ? ` nulls ${nulls.slice(5)}` : ''}`)
  }
  const limit = query.get('limit')
  const offset = query.get('offset')
  if ((limit !== null && !/^\d+$/.test(limit)) || (offset !== null && !/^\d+$/.test(offset))) {
    return 'limit and offset must be whole numbers'
  }
  return {
    where: conditions.length ? `where ${conditions.join(' and ')}` : '',
    order: orderings.length ? `order by ${orderings.join(', ')}` : '',
    limit: `${limit === null ? '' : `limit ${limit}`} ${offset === null ? '' : `offset ${offset}`}`,
    values,
  }
}

/** PostgREST's `select=` (plain columns or *) as SQL; undefined when it is not one we serve. */
const selectList = (select: string | null) => {
  if (!select || select.trim() === '*') return '*'
  const columns = select.split(',').map((column) => column.trim())
  return columns.every((column) => identifier.test(column))
    ? columns.map((column) => `"${column}"`).join(', ')
    : undefined
}

/** What PostgREST answers for a database error, by SQLSTATE. */
const sqlErrorAnswer = (error: unknown): { status: number; body: PostgrestErrorBody } => {
  const code = String((error as { code?: unknown }).code ?? 'XX000')
  const message = error instanceof Error ? error.message : String(error)
  const status = code === '42501' ? 401 : code === '42P01' || code === '42883' ? 404 : 400
  return { status, body: errorBody(code, message) }
}

const contentRange = (count: number, exact: boolean) =>
  `${count === 0 ? '*' : `0-${count - 1}`}/${exact ? count : '*'}`

export async function startPostgrestStandIn(
  options: PostgrestStandInOptions,
): Promise<PostgrestStandIn> {
  const anonKey = options.anonKey ?? `sb_publishable_${crypto.randomUUID().replaceAll('-', '')}`
  const secretKey = options.secretKey ?? `sb_secret_${crypto.randomUUID().replaceAll('-', '')}`
  const { database } = options
  const requests: RecordedRequest[] = []
  let fault: StandInFault | undefined
  let imageTransformations = options.imageTransformations ?? true
  let publishableKeyDescribed = false
  const storage = options.storageDir
    ? createStorageApi({
        dir: options.storageDir,
        secretKey,
        imageTransformations: () => imageTransformations,
      })
    : undefined

  /**
   * Runs `sql` as the key's role inside one transaction, as PostgREST does (read-only for a GET
   * or HEAD request, as PostgREST runs those).
   */
  const asRole = <Row>(
    role: 'anon' | 'service_role',
    sql: string,
    params: unknown[] = [],
    readOnly = false,
  ) => inRole(role, readOnly, async (tx) => (await tx.query<Row>(sql, params)).rows)

  const inRole = <T>(
    role: 'anon' | 'service_role',
    readOnly: boolean,
    run: (tx: SqlExecutor) => Promise<T>,
  ) =>
    database.transaction(async (tx) => {
      if (readOnly) await tx.query('set transaction read only')
      await tx.query(`set local role ${role}`)
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify({ role }),
      ])
      return run(tx)
    })

  async function proxyFunction(request: RecordedRequest, response: ServerResponse) {
    const [, name = '', ...rest] = request.path.slice('/functions/v1'.length).split('/')
    const target = options.functions?.[name]
    if (!target) {
      return sendJson(response, 404, {
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      })
    }
    const headers = new Headers()
    for (const [header, value] of Object.entries(request.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(header)) {
        headers.set(header, value)
      }
    }
    try {
      const answer = await fetch(`${target.replace(/\/+$/, '')}/${[name, ...rest].join('/')}`, {
        method: request.method,
        headers,
        ...(request.method === 'GET' || request.method === 'HEAD' ? {} : { body: request.body }),
      })
      const body = Buffer.from(await answer.arrayBuffer())
      const passed: Record<string, string> = {}
      answer.headers.forEach((value, header) => {
        if (
          !['content-length', 'connection', 'transfer-encoding', 'content-encoding'].includes(
            header,
          )
        ) {
          passed[header] = value
        }
      })
      response.writeHead(answer.status, passed)
      response.end(body)
    } catch {
      sendJson(response, 503, { code: 'BOOT_ERROR', message: 'Function failed to start' })
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const address = new URL(request.url ?? '/', 'http://stand-in')
      const bytes = Buffer.concat(chunks)
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: address.pathname,
        searchParams: address.searchParams,
        headers: request.headers,
        body: bytes.toString('utf8'),
      }
      requests.push(recorded)
      void answer(recorded, response, bytes).catch((error: unknown) =>
        sendJson(response, 500, errorBody('XX000', String(error))),
      )
    })
  })

  async function answer(request: RecordedRequest, response: ServerResponse, bytes: Buffer) {
    const { method, path } = request
    if (path.startsWith('/storage/v1/')) {
      const storageRequest = {
        method,
        path,
        headers: request.headers,
        body: bytes,
        query: request.searchParams,
      }
      if (await storage?.(storageRequest, response)) return
      return sendJson(response, 404, {
        statusCode: '404',
        error: 'not_found',
        message: 'Object not found',
      })
    }
    if (path.startsWith('/functions/v1/')) return proxyFunction(request, response)
    if (!path.startsWith('/rest/v1/')) {
      return sendJson(response, 404, { message: 'no Route matched with those values' })
    }
    const role =
      request.headers.apikey === anonKey
        ? 'anon'
        : request.headers.apikey === secretKey
          ? 'service_role'
          : undefined
    if (!role) {
      return sendJson(response, 401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      })
    }
    if (fault && (!fault.path || fault.path.test(path))) {
      const headers: Record<string, string> =
        fault.status === 200 && Array.isArray(fault.body)
          ? { 'Content-Range': contentRange(fault.body.length, true) }
          : {}
      return sendJson(response, fault.status, fault.body ?? serviceUnavailable, headers)
    }

    if (path === '/rest/v1/' || path === '/rest/v1') {
      if (method !== 'GET' && method !== 'HEAD') {
        return sendJson(response, 405, errorBody('PGRST117', `Unsupported HTTP method: ${method}`))
      }
      if (role === 'anon' && !publishableKeyDescribed) {
        return sendJson(response, 403, {
          message: 'Access to schema is forbidden',
          hint: 'Accessing the schema via the Data API is only allowed using a secret API key.',
        })
      }
      const description = await inRole(role, true, (tx) =>
        describeApi(tx, String(request.headers.host ?? '127.0.0.1')),
      )
      return sendJson(response, 200, description, {
        'Content-Type': 'application/openapi+json; charset=utf-8',
      })
    }

    const rpcName = /^\/rest\/v1\/rpc\/([^/]+)$/.exec(path)?.[1]
    if (rpcName !== undefined) {
      if (method !== 'POST' && method !== 'GET') {
        return sendJson(response, 405, errorBody('PGRST117', `Unsupported HTTP method: ${method}`))
      }
      if (!identifier.test(rpcName)) {
        return sendJson(
          response,
          404,
          errorBody('PGRST202', `Could not find the function public.${rpcName}`),
        )
      }
      // A POST's JSON object, or a GET's query arguments, hold the arguments by name, as
      // PostgREST passes them (`fn(name := value)`); objects and arrays go as JSON text, for a
      // json or jsonb parameter.
      let args: Record<string, unknown> = {}
      if (method === 'GET') {
        args = Object.fromEntries(request.searchParams)
      } else {
        try {
          const parsed: unknown = request.body ? JSON.parse(request.body) : {}
          if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
            args = parsed as Record<string, unknown>
          }
        } catch {
          return sendJson(response, 400, errorBody('PGRST102', 'Empty or invalid json'))
        }
      }
      const names = Object.keys(args)
      if (!names.every((name) => identifier.test(name))) {
        return sendJson(response, 400, errorBody('PGRST102', 'Invalid argument name'))
      }
      const values = names.map((name) => {
        const value = args[name]
        return value !== null && typeof value === 'object' ? JSON.stringify(value) : value
      })
      try {
        const [row] = await asRole<{ result: unknown }>(
          role,
          `select public.${rpcName}(${names.map((name, i) => `${name} := $${i + 1}`).join(', ')}) as result`,
          values,
          method === 'GET',
        )
        return sendJson(response, 200, row?.result ?? null)
      } catch (error) {
        const { status, body } = sqlErrorAnswer(error)
        return sendJson(response, status, body)
      }
    }

    const table = /^\/rest\/v1\/([^/]+)$/.exec(path)?.[1]
    const columns = selectList(request.searchParams.get('select'))
    if (table === undefined || !identifier.test(table) || columns === undefined) {
      return sendJson(response, 400, errorBody('PGRST100', `Unsupported request ${path}`))
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(response, 405, errorBody('PGRST117', `Unsupported HTTP method: ${method}`))
    }
    const clauses = readClauses(request.searchParams)
    if (typeof clauses === 'string') {
      return sendJson(response, 400, errorBody('PGRST100', `Unsupported request: ${clauses}`))
    }
    let rows: unknown[]
    try {
      rows = (
        await asRole<{ row: unknown }>(
          role,
          `select to_jsonb(t) as row from (
             select ${columns} from public."${table}" as r
             ${clauses.where} ${clauses.order} ${clauses.limit}
           ) as t`,
          clauses.values,
          true,
        )
      ).map((r) => r.row)
    } catch (error) {
      const { status, body } = sqlErrorAnswer(error)
      return sendJson(response, status, body)
    }
    const exact = /count=exact/.test(String(request.headers.prefer ?? ''))
    const headers = { 'Content-Range': contentRange(rows.length, exact) }
    if (method === 'HEAD') {
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
      return response.end()
    }
    return sendJson(response, 200, rows, headers)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined

  return {
    url: `http://127.0.0.1:${port}`,
    anonKey,
    secretKey,
    database,
    requests,
    fail(next) {
      fault = next
    },
    setImageTransformations(enabled) {
      imageTransformations = enabled
    },
    describeToPublishableKey(enabled) {
      publishableKeyDescribed = enabled
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}
