import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { dirname, extname, join, resolve, sep } from 'node:path'
import sharp from 'sharp'

/**
 * The part of Supabase Storage's HTTP API that supabase-js uses here, over a folder
 * (`<dir>/<bucket>/<path>`), for the real supabase-js on 127.0.0.1: public object URLs, public
 * render URLs (image transformations, which can be switched off), and with
 * the secret key buckets (get, create), list, download, upload (x-upsert) and remove. Answers in
 * Storage's shapes (`{ statusCode, error, message }` errors, folders listed with `id: null`).
 * Objects are files only: the rows of storage.objects (and the trigger the gallery follows) are
 * the test's to write, as an upload through the dashboard would.
 */
export interface StorageRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
  /** The URL's query (render/image reads its transformation options there). */
  query?: URLSearchParams
}

export interface StorageApiOptions {
  dir: string
  /** The key that may write (service_role); any other known key may only read public objects. */
  secretKey: string
  /**
   * Whether the project transforms images (default: yes). Yes: `render/image/public/…` answers
   * the public object resized with sharp (width, resize=contain, quality; WebP for a browser that
   * takes it), as imgproxy behind Storage does. No: 403 FeatureNotEnabled to every render URL, as
   * on the Free plan or with the Storage setting off.
   */
  imageTransformations?: () => boolean
}

const contentTypes: Record<string, string> = {
  '.avif': 'image/avif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.png': 'image/png',
  '.webp': 'image/webp',
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}
const storageError = (response: ServerResponse, status: number, error: string, message: string) =>
  send(response, status, { statusCode: String(status), error, message })

/** `bucket/path/segments` from the URL, decoded; undefined when a segment climbs out. */
function objectPath(encoded: string): { bucket: string; path: string } | undefined {
  let segments: string[]
  try {
    segments = encoded.split('/').map(decodeURIComponent)
  } catch {
    return undefined
  }
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return undefined
  }
  const [bucket = '', ...rest] = segments
  return { bucket, path: rest.join('/') }
}

/** Answers a /storage/v1/ request; false for any other path. */
export function createStorageApi({
  dir,
  secretKey,
  imageTransformations = () => true,
}: StorageApiOptions) {
  const root = resolve(dir)
  const buckets = new Map<string, { public: boolean }>()
  /** What an upload said about an object, served back with it. */
  const objectHeaders = new Map<string, { contentType: string; cacheControl: string }>()
  const fileOf = (bucket: string, path: string) => {
    const file = resolve(root, bucket, path)
    return file.startsWith(root + sep) ? file : undefined
  }
  const bucketExists = (id: string) => buckets.has(id) || existsSync(join(root, id))
  // A folder that was there before any API call is a public bucket, as the seeded gallery is.
  const isPublic = (id: string) => buckets.get(id)?.public ?? existsSync(join(root, id))

  async function serveObject(response: ServerResponse, bucket: string, path: string) {
    const file = fileOf(bucket, path)
    const bytes = file ? await readFile(file).catch(() => undefined) : undefined
    if (!bytes) return storageError(response, 404, 'not_found', 'Object not found')
    const stored = objectHeaders.get(`${bucket}/${path}`)
    response.writeHead(200, {
      'Content-Type':
        stored?.contentType ??
        contentTypes[extname(path).toLowerCase()] ??
        'application/octet-stream',
      'Cache-Control': stored?.cacheControl ?? 'max-age=3600',
    })
    response.end(bytes)
  }

  async function list(response: ServerResponse, bucket: string, body: Buffer) {
    const {
      prefix = '',
      limit = 100,
      offset = 0,
    } = JSON.parse(body.toString('utf8') || '{}') as {
      prefix?: string
      limit?: number
      offset?: number
    }
    const folder = fileOf(bucket, prefix || '.') ?? ''
    const entries = (await readdir(folder, { withFileTypes: true }).catch(() => [])).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )
    const listed = await Promise.all(
      entries.slice(offset, offset + limit).map(async (entry) => {
        if (entry.isDirectory()) {
          return { name: entry.name, id: null, updated_at: null, created_at: null, metadata: null }
        }
        const file = join(folder, entry.name)
        const [info, bytes] = await Promise.all([stat(file), readFile(file)])
        return {
          name: entry.name,
          id: createHash('sha1').update(`${bucket}/${prefix}/${entry.name}`).digest('hex'),
          updated_at: info.mtime.toISOString(),
          created_at: info.birthtime.toISOString(),
          metadata: {
            eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
            size: info.size,
            mimetype: contentTypes[extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
          },
        }
      }),
    )
    send(response, 200, listed)
  }

  async function renderImage(
    response: ServerResponse,
    bucket: string,
    path: string,
    query: URLSearchParams,
    accept: string,
  ) {
    // Storage checks the tenant's feature before it looks for the object.
    if (!imageTransformations()) {
      return send(response, 403, {
        statusCode: '403',
        error: 'FeatureNotEnabled',
        message: 'feature not enabled for this tenant',
      })
    }
    const file = isPublic(bucket) ? fileOf(bucket, path) : undefined
    const bytes = file ? await readFile(file).catch(() => undefined) : undefined
    if (!bytes) return storageError(response, 404, 'not_found', 'Object not found')
    const width = Number(query.get('width')) || undefined
    const quality = Number(query.get('quality')) || 80
    const webp = accept.includes('image/webp')
    const resized = sharp(bytes).resize({ width, fit: 'inside', withoutEnlargement: true })
    const rendered = await (webp ? resized.webp({ quality }) : resized.jpeg({ quality })).toBuffer()
    response.writeHead(200, {
      'Content-Type': webp ? 'image/webp' : 'image/jpeg',
      'Cache-Control': 'max-age=3600',
    })
    response.end(rendered)
  }

  return async function answer(request: StorageRequest, response: ServerResponse) {
    const { method, path, headers, body } = request
    if (!path.startsWith('/storage/v1/')) return false
    const route = path.slice('/storage/v1/'.length)

    if ((method === 'GET' || method === 'HEAD') && route.startsWith('render/image/public/')) {
      const located = objectPath(route.slice('render/image/public/'.length))
      if (!located) storageError(response, 400, 'Invalid key', 'Invalid key')
      else {
        await renderImage(
          response,
          located.bucket,
          located.path,
          request.query ?? new URLSearchParams(),
          String(headers.accept ?? ''),
        )
      }
      return true
    }

    if (method === 'GET' && route.startsWith('object/public/')) {
      const located = objectPath(route.slice('object/public/'.length))
      if (!located || !isPublic(located.bucket)) {
        storageError(response, 404, 'not_found', 'Object not found')
      } else {
        await serveObject(response, located.bucket, located.path)
      }
      return true
    }

    if (headers.apikey !== secretKey) {
      storageError(response, 403, 'Unauthorized', 'new row violates row-level security policy')
      return true
    }

    if (route.startsWith('bucket')) {
      if (method === 'POST' && route === 'bucket') {
        const { id, public: open } = JSON.parse(body.toString('utf8')) as {
          id: string
          public?: boolean
        }
        if (bucketExists(id)) {
          storageError(response, 409, 'Duplicate', 'The resource already exists')
        } else {
          buckets.set(id, { public: open === true })
          await mkdir(join(root, id), { recursive: true })
          send(response, 200, { name: id })
        }
        return true
      }
      const id = decodeURIComponent(route.slice('bucket/'.length))
      if (method === 'GET' && bucketExists(id)) {
        send(response, 200, { id, name: id, public: isPublic(id) })
      } else {
        storageError(response, 404, 'Bucket not found', 'Bucket not found')
      }
      return true
    }

    if (method === 'POST' && route.startsWith('object/list/')) {
      await list(response, decodeURIComponent(route.slice('object/list/'.length)), body)
      return true
    }

    if (method === 'DELETE' && route.startsWith('object/')) {
      const bucket = decodeURIComponent(route.slice('object/'.length))
      const { prefixes = [] } = JSON.parse(body.toString('utf8')) as { prefixes?: string[] }
      const removed = []
      for (const name of prefixes) {
        const file = fileOf(bucket, name)
        if (file && existsSync(file)) {
          await rm(file)
          objectHeaders.delete(`${bucket}/${name}`)
          removed.push({ name, bucket_id: bucket })
        }
      }
      send(response, 200, removed)
      return true
    }

    const located = route.startsWith('object/')
      ? objectPath(route.slice('object/'.length))
      : undefined
    if (!located || !bucketExists(located.bucket)) {
      storageError(response, 404, 'not_found', located ? 'Bucket not found' : 'Route not found')
      return true
    }
    if (method === 'GET') {
      await serveObject(response, located.bucket, located.path)
      return true
    }
    if (method === 'POST' || method === 'PUT') {
      const file = fileOf(located.bucket, located.path)
      if (!file) {
        storageError(response, 400, 'Invalid key', 'Invalid key')
        return true
      }
      if (method === 'POST' && headers['x-upsert'] !== 'true' && existsSync(file)) {
        storageError(response, 409, 'Duplicate', 'The resource already exists')
        return true
      }
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, body)
      objectHeaders.set(`${located.bucket}/${located.path}`, {
        contentType: String(headers['content-type'] ?? 'application/octet-stream'),
        cacheControl: String(headers['cache-control'] ?? 'max-age=3600'),
      })
      send(response, 200, {
        Key: `${located.bucket}/${located.path}`,
        Id: createHash('sha1').update(file).digest('hex'),
      })
      return true
    }
    storageError(response, 405, 'Method not allowed', `${method} is not served here`)
    return true
  }
}

/** The storage API alone on 127.0.0.1, for tests that need nothing else of Supabase. */
export async function startStorageStandIn(options: StorageApiOptions) {
  const answer = createStorageApi(options)
  const requests: { method: string; path: string }[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const address = new URL(request.url ?? '/', 'http://stand-in')
      const path = address.pathname
      requests.push({ method: request.method ?? 'GET', path })
      void answer(
        {
          method: request.method ?? 'GET',
          path,
          headers: request.headers,
          body: Buffer.concat(chunks),
          query: address.searchParams,
        },
        response,
      )
        .then((served) => {
          if (!served) storageError(response, 404, 'not_found', 'Route not found')
        })
        .catch((error: unknown) => storageError(response, 500, 'internal', String(error)))
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
