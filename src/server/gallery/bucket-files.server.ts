// Photos of the embedded bucket folder added since the build, and made variants, through srvx's
// static file server (type, length, ETag, Last-Modified, 304, ranges; nothing outside its folder).
import { staticMiddleware } from 'srvx/static'

const photoName = /\.(jpe?g|png|webp|avif)$/i

/** A photo may be added under this name later: no cache may keep the miss. */
export const imageNotFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })

/** The image `relative` (decoded, as the router's splat is) inside `folder`; 404 for anything else. */
export async function serveImageFile(
  folder: string,
  relative: string,
  request: Request,
  cacheControl?: string,
): Promise<Response> {
  if (!photoName.test(relative) || relative.includes('\0')) return imageNotFound()
  const serve = staticMiddleware({ dir: folder, compress: false })
  const response = await serve(
    new Request(new URL(`/${encodeURI(relative)}`, request.url), request),
    imageNotFound,
  )
  if (cacheControl && response.status !== 404) response.headers.set('cache-control', cacheControl)
  return response
}
