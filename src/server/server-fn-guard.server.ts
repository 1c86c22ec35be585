/**
 * Answers malformed server-function calls with a 4xx before TanStack Start reads them.
 *
 * Start 1.169 answers 500 (and logs a stack trace) to client mistakes on /_serverFn/<id>: an
 * empty or unknown id, a body that is not JSON or not Seroval, unreadable form data, a GET with
 * a form content type (upstream TanStack/router#7363, #8237; #8285 covers invalid JSON only).
 * Each check below reads the request the way Start's handler will, so what passes here decodes
 * there, and Start keeps every decision about well-formed calls (CSRF, method, validation).
 */
import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import { fromJSON } from 'seroval'

export const serverFnBase = '/_serverFn/'

/**
 * Our largest call is a contact message: within the schema's limits it stays under 110 KB even
 * if every character takes Seroval's longest escape. Start itself sets no limit.
 */
export const serverFnBodyLimit = 256 * 1024

/** Start's own limit on a GET call's `payload` parameter. */
const maxGetPayload = 1_000_000

const refuse = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/**
 * Start decodes a pathname with decodeURI before routing, so /%5FserverFn/ is a server-function
 * call too, while %2F stays a part of the id. The base and every id are ASCII: decoding the
 * ASCII escapes decodeURI decodes is enough to see the path Start sees.
 */
const keptEncoded = new Set([...';/?:@&=+$,#%\\'])
const decodeAsciiEscapes = (path: string) =>
  path.replace(/%([0-7][0-9a-f])/gi, (encoded, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16))
    return keptEncoded.has(char) ? encoded : char
  })

const isFormType = (contentType: string) =>
  contentType.includes('multipart/form-data') ||
  contentType.includes('application/x-www-form-urlencoded')

/** Whether Start's handler can decode this Seroval JSON text. */
function decodesAsSeroval(text: string): boolean {
  try {
    fromJSON(JSON.parse(text), { plugins: defaultSerovalDeserializerPlugins })
    return true
  } catch {
    return false
  }
}

/** The body, or undefined once it grows past the limit (the rest is never read). */
async function readAtMost(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = request.clone().body?.getReader()
  if (!reader) return new Uint8Array()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      // Not awaited: a tee'd branch's cancel settles only once Start's branch is cancelled too.
      reader.cancel().catch(() => {})
      return undefined
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

export interface ServerFnGuardOptions {
  /** The ids of the server functions this build serves. */
  knownIds: ReadonlySet<string>
  bodyLimit?: number
}

/** Ids from the server functions themselves (each has its `/_serverFn/<id>` url). */
export const serverFnIds = (fns: readonly { url: string }[]): ReadonlySet<string> =>
  new Set(fns.map((fn) => fn.url.slice(fn.url.lastIndexOf('/') + 1)))

/**
 * 405 for a method other than GET or HEAD outside server functions: Start would render the page
 * for a DELETE or a POST as for a GET, and answer 200.
 */
export function refuseMethodOnPage(request: Request): Response | undefined {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined
  if (decodeAsciiEscapes(new URL(request.url).pathname).startsWith(serverFnBase)) return undefined
  const response = refuse(405, 'Method not allowed.')
  response.headers.set('allow', 'GET, HEAD')
  return response
}

/** A 4xx for a server-function call Start could not decode; undefined for anything else. */
export async function refuseMalformedServerFnCall(
  request: Request,
  { knownIds, bodyLimit = serverFnBodyLimit }: ServerFnGuardOptions,
): Promise<Response | undefined> {
  const url = new URL(request.url)
  const pathname = decodeAsciiEscapes(url.pathname)
  if (!pathname.startsWith(serverFnBase)) return undefined

  const id = pathname.slice(serverFnBase.length).split('/')[0] ?? ''
  if (!knownIds.has(id)) return refuse(404, 'No such server function.')

  const method = request.method.toUpperCase()
  const contentType = request.headers.get('content-type') ?? ''
  if (method === 'GET') {
    if (isFormType(contentType)) return refuse(415, 'A GET call has no form body.')
    const payload = url.searchParams.get('payload')
    if (!payload) return undefined
    if (payload.length > maxGetPayload) return refuse(413, 'Payload too large.')
    return decodesAsSeroval(payload) ? undefined : refuse(400, 'Malformed payload.')
  }
  // Start reads a body for POST only (any other method is refused before the body).
  if (method !== 'POST') return undefined
  const form = isFormType(contentType)
  if (!form && !contentType.includes('application/json')) return undefined

  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > bodyLimit) return refuse(413, 'Payload too large.')
  let body: Uint8Array<ArrayBuffer> | undefined
  try {
    body = await readAtMost(request, bodyLimit)
  } catch {
    return refuse(400, 'Unreadable body.')
  }
  if (!body) return refuse(413, 'Payload too large.')

  if (form) {
    try {
      await new Response(body, { headers: { 'content-type': contentType } }).formData()
      return undefined
    } catch {
      return refuse(400, 'Malformed form data.')
    }
  }
  return decodesAsSeroval(new TextDecoder().decode(body))
    ? undefined
    : refuse(400, 'Malformed payload.')
}
