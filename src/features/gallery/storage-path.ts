/** The public storage bucket that holds the gallery photos. */
export const galleryBucket = 'gallery'

export type StorageLocation =
  | { kind: 'url'; url: string }
  | { kind: 'object'; bucket: string; path: string }

const absoluteUrl = /^https?:\/\//i

/**
 * Where an additional image lives: a path that already contains the backend host
 * (or any absolute URL) is used as it is; any other path is `<bucket>/<path inside the bucket>`.
 * A bare file name has no bucket segment, so it is read as a path in the gallery bucket.
 */
export function locateAdditionalImage(path: string, backendHost?: string): StorageLocation {
  const trimmed = path.trim()
  if (absoluteUrl.test(trimmed) || (backendHost !== undefined && trimmed.includes(backendHost))) {
    return { kind: 'url', url: trimmed }
  }
  const relative = trimmed.replace(/^\/+/, '')
  const slash = relative.indexOf('/')
  if (slash === -1) return { kind: 'object', bucket: galleryBucket, path: relative }
  return { kind: 'object', bucket: relative.slice(0, slash), path: relative.slice(slash + 1) }
}

/** Where a main image (a row's filename, a path inside the gallery bucket) lives. */
export function locateMainImage(filename: string): StorageLocation {
  const trimmed = filename.trim()
  if (absoluteUrl.test(trimmed)) return { kind: 'url', url: trimmed }
  return { kind: 'object', bucket: galleryBucket, path: trimmed.replace(/^\/+/, '') }
}

/**
 * The public URL of a storage object, shaped as Supabase builds it (supabase-js getPublicUrl):
 * `<base>/storage/v1/object/public/<bucket>/<path>`, or with `render/image` in place of `object`,
 * its image transformation URL. An empty base gives a site-relative URL.
 */
export function publicObjectUrl(
  baseUrl: string,
  bucket: string,
  path: string,
  kind: 'object' | 'render/image' = 'object',
): string {
  const base = baseUrl.replace(/\/+$/, '')
  return encodeURI(`${base}/storage/v1/${kind}/public/${bucket}/${path.replace(/^\/+/, '')}`)
}

/** Turns the storage paths of a gallery row into URLs the browser can load. */
export type GalleryImageUrls = ReturnType<typeof createGalleryImageUrls>

export function createGalleryImageUrls(
  objectUrl: (bucket: string, path: string) => string,
  backendHost?: string,
) {
  const toUrl = (location: StorageLocation) =>
    location.kind === 'url' ? location.url : objectUrl(location.bucket, location.path)
  return {
    imageUrl: (filename: string) => toUrl(locateMainImage(filename)),
    additionalImageUrl: (path: string) => toUrl(locateAdditionalImage(path, backendHost)),
  }
}

/** Site-relative URLs, for a bucket the site serves itself (the embedded database's). */
export const siteImageUrls = createGalleryImageUrls((bucket, path) =>
  publicObjectUrl('', bucket, path),
)
