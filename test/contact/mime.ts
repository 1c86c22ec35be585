/**
 * Just enough RFC 822/MIME reading to check the emails we send (mailparser is not installed):
 * unfolded headers with RFC 2047 words decoded, multipart bodies, quoted-printable and base64.
 */
export interface MimePart {
  headers: Map<string, string>
  /** Decoded text of a leaf part; '' for a multipart. */
  body: string
  parts: MimePart[]
}

const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
      (_, charset: string, encoding: string, text: string) => {
        const bytes =
          encoding.toUpperCase() === 'B'
            ? Buffer.from(text, 'base64')
            : Buffer.from(
                text
                  .replace(/_/g, ' ')
                  .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                    String.fromCharCode(Number.parseInt(hex, 16)),
                  ),
                'latin1',
              )
        return new TextDecoder(charset).decode(bytes)
      },
    )

const decodeQuotedPrintable = (text: string) =>
  new TextDecoder().decode(
    Buffer.from(
      text
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
      'latin1',
    ),
  )

export function parseMime(raw: string): MimePart {
  const normalized = raw.replace(/\r\n/g, '\n')
  const split = normalized.indexOf('\n\n')
  const head = split === -1 ? normalized : normalized.slice(0, split)
  const content = split === -1 ? '' : normalized.slice(split + 2)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon > 0)
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      )
  }
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = content.split(`--${boundary}`)
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\n/, '').replace(/\n$/, '')))
    return { headers, body: '', parts }
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const body =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : content
  return { headers, body, parts: [] }
}

/** The first leaf part of a content type, searching nested multiparts. */
export function findPart(part: MimePart, contentType: string): MimePart | undefined {
  if (part.parts.length === 0) {
    return (part.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(contentType)
      ? part
      : undefined
  }
  for (const child of part.parts) {
    const found = findPart(child, contentType)
    if (found) return found
  }
  return undefined
}
