/**
 * Pages leave without hints to preload scripts. Start writes a `modulepreload` link for every
 * chunk of the matched routes into the head, and the browser then fetches the whole app while it
 * still waits for the hero picture: on a slow phone connection those scripts take the bandwidth
 * the first paint needs. The app starts after that paint anyway (src/client.tsx), and every control
 * works without it, so its chunks are fetched then. Start has no setting to leave route preloads
 * out, so the head is filtered here; the rest of a streamed page passes through untouched.
 */
const scriptPreload = /<link\b[^>]*\brel="(?:modulepreload|preload"[^>]*\bas="script)"[^>]*>/g
const headEnd = new TextEncoder().encode('</head>')

export const withoutScriptPreloadTags = (head: string) => head.replace(scriptPreload, '')

export function withoutScriptPreloads(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) {
    return response
  }
  let head: Uint8Array | undefined = new Uint8Array(0)
  const emitHead = (
    controller: TransformStreamDefaultController<Uint8Array>,
    bytes: Uint8Array,
  ) => {
    controller.enqueue(
      new TextEncoder().encode(withoutScriptPreloadTags(new TextDecoder().decode(bytes))),
    )
  }
  const filtered = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!head) return controller.enqueue(chunk)
        const searchFrom = Math.max(0, head.length - headEnd.length)
        const joined = new Uint8Array(head.length + chunk.length)
        joined.set(head)
        joined.set(chunk, head.length)
        const end = indexOf(joined, headEnd, searchFrom)
        if (end === -1) {
          head = joined
          return
        }
        // `</head>` is ASCII, so both sides of it are whole UTF-8 text.
        emitHead(controller, joined.subarray(0, end))
        controller.enqueue(joined.subarray(end))
        head = undefined
      },
      flush(controller) {
        if (head?.length) emitHead(controller, head)
      },
    }),
  )
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return new Response(filtered, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return i
  }
  return -1
}
