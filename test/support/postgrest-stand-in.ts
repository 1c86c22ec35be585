import { readFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

/**
 * A stand-in for a Supabase project's API on 127.0.0.1, answering with PostgREST's wire shapes
 * (no PostgREST can run here). Enough for the real supabase-js: table reads with exact counts,
 * RPCs, PostgREST error bodies, outages, and public storage objects served from a folder.
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
  body?: PostgrestErrorBody
  /** Only requests whose path this matches fail; all /rest/v1 requests when absent. */
  path?: RegExp
}

export interface PostgrestStandIn {
  /** The project URL to give supabase-js (SUPABASE_URL). */
  readonly url: string
  readonly anonKey: string
  /** Rows per table; change them freely between requests. */
  readonly tables: Record<string, unknown[]>
  readonly requests: RecordedRequest[]
  /** Makes matching requests answer with an error until fail(undefined). */
  fail(fault: StandInFault | undefined): void
  close(): Promise<void>
}

export type RpcHandler = (body: unknown, standIn: PostgrestStandIn) => unknown

export interface PostgrestStandInOptions {
  anonKey?: string
  tables?: Record<string, unknown[]>
  rpc?: Record<string, RpcHandler>
  /** Serves GET /storage/v1/object/public/<bucket>/<path> from <storageDir>/<bucket>/<path>. */
  storageDir?: string
}

export const serviceUnavailable: PostgrestErrorBody = {
  code: 'PGRST002',
  message: 'Could not query the database for the schema cache. Retrying.',
  details: null,
  hint: null,
}

const contentTypes: Record<string, string> = {
  '.avif': 'image/avif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webp': 'image/webp',
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

const project = (rows: unknown[], select: string | null) => {
  if (!select || select.trim() === '*') return rows
  const columns = select.split(',').map((column) => column.trim())
  return rows.map((row) =>
    Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column]])),
  )
}

const contentRange = (count: number, exact: boolean) =>
  `${count === 0 ? '*' : `0-${count - 1}`}/${exact ? count : '*'}`

export async function startPostgrestStandIn(
  options: PostgrestStandInOptions = {},
): Promise<PostgrestStandIn> {
  const anonKey = options.anonKey ?? 'stand-in-anon-key'
  const tables: Record<string, unknown[]> = { ...options.tables }
  const rpc = options.rpc ?? {}
  const requests: RecordedRequest[] = []
  let fault: StandInFault | undefined
  let standIn: PostgrestStandIn

  async function serveStorage(path: string, response: ServerResponse) {
    const relative = normalize(decodeURIComponent(path.slice('/storage/v1/object/public/'.length)))
    if (!options.storageDir || relative.startsWith('..') || relative.startsWith(sep)) {
      return sendJson(response, 404, {
        statusCode: '404',
        error: 'not_found',
        message: 'Object not found',
      })
    }
    try {
      const file = await readFile(join(options.storageDir, relative))
      response.writeHead(200, {
        'Content-Type': contentTypes[extname(relative).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': 'max-age=3600',
      })
      response.end(file)
    } catch {
      sendJson(response, 404, {
        statusCode: '404',
        error: 'not_found',
        message: 'Object not found',
      })
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const address = new URL(request.url ?? '/', 'http://stand-in')
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: address.pathname,
        searchParams: address.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(recorded)
      void answer(recorded, response).catch((error: unknown) =>
        sendJson(response, 500, errorBody('XX000', String(error))),
      )
    })
  })

  async function answer(request: RecordedRequest, response: ServerResponse) {
    const { method, path } = request
    if (method === 'GET' && path.startsWith('/storage/v1/object/public/')) {
      return serveStorage(path, response)
    }
    if (!path.startsWith('/rest/v1/')) {
      return sendJson(response, 404, { message: 'no Route matched with those values' })
    }
    if (request.headers.apikey !== anonKey) {
      return sendJson(response, 401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      })
    }
    if (fault && (!fault.path || fault.path.test(path))) {
      return sendJson(response, fault.status, fault.body ?? serviceUnavailable)
    }

    const rpcName = /^\/rest\/v1\/rpc\/([^/]+)$/.exec(path)?.[1]
    if (rpcName !== undefined) {
      const handler = rpc[rpcName]
      if (method !== 'POST' && method !== 'GET') {
        return sendJson(response, 405, errorBody('PGRST117', `Unsupported HTTP method: ${method}`))
      }
      if (!handler) {
        return sendJson(
          response,
          404,
          errorBody(
            'PGRST202',
            `Could not find the function public.${rpcName} without parameters in the schema cache`,
            'Perhaps you meant to call another function',
          ),
        )
      }
      const body = request.body === '' ? {} : JSON.parse(request.body)
      return sendJson(response, 200, await handler(body, standIn))
    }

    const table = /^\/rest\/v1\/([^/]+)$/.exec(path)?.[1]
    const rows = table === undefined ? undefined : tables[table]
    if (rows === undefined) {
      return sendJson(
        response,
        404,
        errorBody('PGRST205', `Could not find the table 'public.${table}' in the schema cache`),
      )
    }
    if (method !== 'GET' && method !== 'HEAD') {
      return sendJson(response, 405, errorBody('PGRST117', `Unsupported HTTP method: ${method}`))
    }
    const exact = /count=exact/.test(String(request.headers.prefer ?? ''))
    const headers = { 'Content-Range': contentRange(rows.length, exact) }
    if (method === 'HEAD') {
      response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
      return response.end()
    }
    return sendJson(response, 200, project(rows, request.searchParams.get('select')), headers)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  let closing: Promise<void> | undefined

  standIn = {
    url: `http://127.0.0.1:${port}`,
    anonKey,
    tables,
    requests,
    fail(next) {
      fault = next
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
  return standIn
}
