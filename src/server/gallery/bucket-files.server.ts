import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'

const imageTypes: Record<string, string> = {
  '.avif': 'image/avif',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
}

/** 404 for an image that is not there (a photo, or a variant of one). */
export const imageNotFound = () =>
  new Response('Not found', {
    status: 404,
    // A photo may be added under this name later: no cache may keep the miss.
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/**
 * A photo of the embedded bucket folder, for photos added after the build (the static server
 * only knows the files that were there when the site was built). Images only, never a path
 * outside the folder. `relative` is the part of the URL after /storage/v1/object/public/gallery/,
 * decoded (as the router's splat parameter is).
 */
export async function serveBucketFile(
  folder: string,
  relative: string,
  request: Request,
): Promise<Response> {
  const segments = relative.split('/')
  if (
    relative.includes('\0') ||
    relative.includes('\\') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    return imageNotFound()
  }
  const type = imageTypes[extname(relative).toLowerCase()]
  const root = resolve(folder)
  const file = resolve(root, relative)
  if (!type || !file.startsWith(root + sep)) return imageNotFound()
  return serveImageFile(file, request)
}

/**
 * An image file (its type from its extension) with its size and date; 304 when the browser's
 * copy is as new; 404 when there is no such file.
 */
export async function serveImageFile(
  file: string,
  request: Request,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  const type = imageTypes[extname(file).toLowerCase()]
  const info = await stat(file).catch(() => undefined)
  if (!type || !info?.isFile()) return imageNotFound()

  const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000)
  const since = Date.parse(request.headers.get('if-modified-since') ?? '')
  const headers = {
    ...extraHeaders,
    'content-type': type,
    'last-modified': lastModified.toUTCString(),
    'x-content-type-options': 'nosniff',
  }
  if (!Number.isNaN(since) && lastModified.getTime() <= since) {
    return new Response(null, { status: 304, headers })
  }
  const body =
    request.method === 'HEAD'
      ? null
      : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>)
  return new Response(body, {
    headers: { ...headers, 'content-length': String(info.size) },
  })
}
