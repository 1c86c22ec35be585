/**
 * Hostile HTTP input for the fuzz run against the production server (e2e/fuzz.spec.ts): a seeded
 * generator of malformed requests, and a raw sender on node:http. fetch would normalise paths
 * (`..`, `%2e`), refuse odd methods and add headers of its own; node:http sends what it is given.
 *
 * Every request is a plain value built from the seed, so a failure reproduces with
 * FUZZ_SEED=<seed> and the failing case's index.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { toJSON } from 'seroval'
import { contactFieldNames } from '#supabase/functions/_shared/contact/contact-schema.ts'

export interface Random {
  /** [0, 1) */
  next(): number
  /** An integer in [0, max). */
  int(max: number): number
  /** An integer in [min, max]. */
  between(min: number, max: number): number
  pick<T>(list: readonly T[]): T
  chance(probability: number): boolean
}

/**
 * The server-function ids the built client calls: Start's client stubs hold each one as a
 * 64-hex-digit literal (`/_serverFn/` + id is built at run time).
 */
export function readServerFnIds(publicDir: string): string[] {
  const ids = new Set<string>()
  const assets = join(publicDir, 'assets')
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(assets, file), 'utf8')
    for (const match of code.matchAll(/["'`]([0-9a-f]{64})["'`]/g)) ids.add(match[1] as string)
  }
  return [...ids].sort()
}

/**
 * The built client's server functions, by the method each takes, asked of a running server: a
 * same-origin GET of the POST function (contact) answers 405, a GET function answers 200.
 */
export async function serverFnIdsByMethod(origin: string, publicDir = '.output/public') {
  const byMethod: { GET: string[]; POST: string[] } = { GET: [], POST: [] }
  for (const id of readServerFnIds(publicDir)) {
    const response = await fetch(`${origin}/_serverFn/${id}`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    await response.body?.cancel()
    if (response.status === 405) byMethod.POST.push(id)
    else if (response.status === 200) byMethod.GET.push(id)
    else throw new Error(`/_serverFn/${id} answered ${response.status} to a same-origin GET`)
  }
  return byMethod
}

/** mulberry32: small, fast and the same on every machine. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (max: number) => Math.floor(next() * max)
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: <T>(list: readonly T[]) => list[int(list.length)] as T,
    chance: (probability) => next() < probability,
  }
}

export type FuzzKind = 'path' | 'query' | 'header' | 'method' | 'server-fn'

export interface FuzzCase {
  kind: FuzzKind
  method: string
  /** Sent as is on the request line. */
  path: string
  headers: Record<string, string>
  body?: Buffer
  /** What the case is about, for the report. */
  note: string
}

export interface FuzzOptions {
  seed: number
  /** The origin the server sees as its own, e.g. http://127.0.0.1:3210. */
  origin: string
  /** The real server-function ids, read from the built client. */
  serverFnIds: readonly string[]
  /** How many cases of each kind. */
  counts?: Partial<Record<FuzzKind, number>>
}

export const defaultFuzzCounts: Record<FuzzKind, number> = {
  path: 320,
  query: 260,
  header: 260,
  method: 60,
  'server-fn': 480,
}

/** Client-address range of the fuzz run (TEST-NET-3): its rate-limit buckets are its own. */
export const fuzzClientAddress = (n: number) => `203.0.113.${n % 250}`

// Tokens the captcha stand-in accepts look like this; the fuzz never sends one, so it never
// spends a token another test relies on, and never stores a message.
const passingCaptchaToken = /10000000-aaaa-bbbb-cccc-\d{12}/

const pagePaths = [
  '/',
  '/about-us',
  '/services',
  '/services/kitchen-remodeling',
  '/kitchen-remodeling',
  '/gallery',
  '/service-areas',
  '/areas-of-service/concord-kitchen-remodeling',
  '/areas-of-service/midtown-toronto-home-improvement',
  '/faq',
  '/contact-us',
  '/privacy-policy',
  '/sitemap',
] as const

const staticPaths = [
  '/favicon.ico',
  '/favicon.svg',
  '/apple-touch-icon.png',
  '/images/image-not-found.svg',
  '/images/og-default.png',
  '/storage/v1/object/public/gallery/manifest.json',
] as const

const routePrefixes = [
  '/services/',
  '/areas-of-service/',
  '/',
  '/assets/',
  '/images/site/',
  '/storage/v1/object/public/gallery/',
  '/storage/v1/object/public/',
  '/gallery/',
  '/contact-us/',
  '/owner-report/',
] as const

/** Pieces hostile input is made of. */
const junkAtoms = [
  '',
  ' ',
  '..',
  '.',
  '%',
  '%%',
  '%0',
  '%ZZ',
  '%00',
  '%0d%0a',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%EF%BB%BF',
  '%2e%2e',
  '%2e%2e%2f',
  '..%2f',
  '..%5c',
  '%252e%252e%252f',
  '%u002e',
  '\\',
  '//',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  '1e999',
  'NaN',
  '[]',
  '{}',
  '{"a":1}',
  '[1,2',
  '"',
  "'",
  '`',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  '; DROP TABLE contact_messages;--',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '../../../../etc/passwd',
  '.env',
  'kitchen',
  'kitchen-remodeling',
  'concord',
  'midtown-toronto',
  'newest',
  'all',
  '日本語',
  'é',
  'ﬁ',
  '🏠🔨',
  '\u202e',
  '\u200b',
  '\u0301',
  '\ud800',
  'x'.repeat(300),
]

/** UTF-8 percent-encoding of one character (a lone surrogate becomes U+FFFD, as on the wire). */
const percentEncode = (char: string) =>
  [...Buffer.from(char)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')

/** encodeURIComponent that never throws (lone surrogates included). */
export const encodeComponent = (text: string) =>
  [...text]
    .map((char) => (/^[A-Za-z0-9\-_.!~*'()]$/.test(char) ? char : percentEncode(char)))
    .join('')

const encodeLoosely = (random: Random, text: string) => {
  // node:http refuses request lines with characters outside \x21-\xff: encode those, keep the
  // rest as is (raw %, raw latin-1, raw quotes) or encode everything at random.
  if (random.chance(0.3)) return encodeComponent(text)
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if (code > 0x20 && code <= 0xff && char !== '?' && char !== '#') out += char
    else out += percentEncode(char)
  }
  return out
}

const junkText = (random: Random, maxAtoms = 4) =>
  Array.from({ length: random.between(1, maxAtoms) }, () => random.pick(junkAtoms)).join(
    random.pick(['', '', '-', '/', ' ', '.', '&', '=']),
  )

const hex = (random: Random, length: number) =>
  Array.from({ length }, () => random.int(16).toString(16)).join('')

function pathCase(random: Random): FuzzCase {
  const shapes: (() => [string, string])[] = [
    () => [`${random.pick(routePrefixes)}${encodeLoosely(random, junkText(random))}`, 'junk param'],
    () => [
      `${random.pick(pagePaths)}/${encodeLoosely(random, junkText(random, 2))}`,
      'page + junk',
    ],
    () => ['/a'.repeat(random.between(50, 600)), 'deep'],
    () => [
      `/${Array.from({ length: random.between(5, 80) }, () => random.pick(['..', '%2e%2e', '.', '', '%2F'])).join('/')}`,
      'dot segments',
    ],
    () => [`/${'x'.repeat(random.between(1_000, 9_000))}`, 'long path'],
    () => [`/${'x'.repeat(random.between(17_000, 40_000))}`, 'path beyond the header limit'],
    () => [
      random.pick([
        '/../../etc/passwd',
        '/..%2f..%2f..%2fetc%2fpasswd',
        '/assets/..%2f..%2fserver%2findex.mjs',
        '/assets/%2e%2e/%2e%2e/server/index.mjs',
        '/storage/v1/object/public/gallery/..%2F..%2F..%2F..%2Fserver%2Findex.mjs',
        '/storage/v1/object/public/..%5c..%5c..%5cnitro.json',
        '/images/..%252f..%252fnitro.json',
        '/.env',
        '/.git/config',
        '/.output/server/index.mjs',
        '/server/index.mjs',
        '/nitro.json',
        '/node_modules/.package-lock.json',
        '/package.json',
        '/_nitro',
        '/__nitro',
        '/_build',
        '/.data/outbox',
      ]),
      'traversal',
    ],
    () => [
      `/${random.pick(['', 'gallery', 'assets/x.js', 'favicon.ico'])}%00${random.pick(['', '.js', '.html', '/x'])}`,
      'null byte',
    ],
    () => [
      random.pick([
        '//',
        '///',
        '//evil.example',
        '///evil.example/x',
        '/\\evil.example',
        '/\\/evil.example',
        '/./',
        '/gallery/.',
        '/gallery/..',
        '/%2F%2Fevil.example',
        '/%5C%5Cevil.example',
      ]),
      'slashes and protocol-relative',
    ],
    () => [
      `/${encodeLoosely(random, random.pick(['日本語', '🏠', 'é', 'ﬁ', '\u202e', '\u200b', 'Ω≈ç√']))}`,
      'unicode',
    ],
    () => [`/${random.pick(['ÿ', 'é', 'þ', '«»', '£'])}${random.pick(pagePaths)}`, 'raw latin-1'],
    () => [`/services/${encodeLoosely(random, junkText(random, 2))}`, 'service id'],
    () => [`/areas-of-service/${encodeLoosely(random, junkText(random, 3))}`, 'location param'],
    () => [`/owner-report/${'k'.repeat(random.between(129, 9_000))}`, 'long report key'],
    () => [
      `${random.pick(staticPaths)}${random.pick(['/', '.', '%00', '..', '/..', '~', '.bak', '?'])}`,
      'static + suffix',
    ],
  ]
  const [path, note] = random.pick(shapes)()
  return {
    kind: 'path',
    method: 'GET',
    path: path.startsWith('/') ? path : `/${path}`,
    headers: {},
    note,
  }
}

const searchValue = (random: Random) =>
  random.chance(0.15)
    ? 'q'.repeat(random.between(2_000, 12_000))
    : encodeLoosely(random, junkText(random))

function queryCase(random: Random): FuzzCase {
  const keys = [
    'category',
    'sort',
    'q',
    'project',
    'service',
    'payload',
    'page',
    '__proto__',
    'constructor',
    'q[]',
    'q[a]',
    '',
  ]
  const route = random.chance(0.75) ? '/gallery' : random.pick(['/contact-us', ...pagePaths])
  const pairs: string[] = []
  const count = random.between(1, 6)
  for (let i = 0; i < count; i++) {
    const key = random.chance(0.8) ? random.pick(keys) : encodeLoosely(random, junkText(random, 2))
    const repeat = random.chance(0.15) ? random.between(2, 30) : 1
    for (let r = 0; r < repeat; r++)
      pairs.push(random.chance(0.1) ? key : `${key}=${searchValue(random)}`)
  }
  const joiner = random.pick(['&', '&', '&', ';', '&&'])
  const prefix = random.pick(['?', '?', '?', '??', '?&'])
  return {
    kind: 'query',
    method: 'GET',
    path: `${route}${prefix}${pairs.join(joiner)}`,
    headers: {},
    note: `${route} query`,
  }
}

function headerCase(random: Random, origin: string): FuzzCase {
  const host = new URL(origin).host
  const generators: (() => [string, string])[] = [
    () => [
      'accept',
      random.pick([
        'application/json',
        '*/*;q=abc',
        'text/html;q=0',
        '',
        'text/*',
        'image/webp',
        'application/x-tss-framed',
        `${'text/plain,'.repeat(400)}*/*`,
        junkText(random),
      ]),
    ],
    () => [
      'accept-encoding',
      random.pick([
        'gzip;q=x',
        'br, zstd, deflate, *;q=0',
        'identity;q=0',
        'x'.repeat(2000),
        '*',
        'gzip, gzip, gzip',
        junkText(random),
      ]),
    ],
    () => ['accept-language', random.pick(['zz-ZZ;q=2', '*', 'en-CA,fr;q=0.5', junkText(random)])],
    () => [
      'range',
      random.pick([
        'bytes=0-0',
        'bytes=-1',
        'bytes=5-1',
        'bytes=abc',
        'bytes=99999999999999999999-',
        'items=0-5',
        `bytes=${Array.from({ length: 300 }, (_, i) => `${i}-${i}`).join(',')}`,
        'bytes=0-',
        'bytes=--1',
      ]),
    ],
    () => ['if-none-match', random.pick(['*', '"x"', 'W/"x"', junkText(random), '"'.repeat(50)])],
    () => [
      'if-modified-since',
      random.pick([
        'Thu, 01 Jan 1970 00:00:00 GMT',
        'not a date',
        '9999-99-99',
        'Fri, 31 Dec 9999 23:59:59 GMT',
      ]),
    ],
    () => ['if-range', random.pick(['"x"', 'junk', 'Thu, 01 Jan 1970 00:00:00 GMT'])],
    () => [
      'cookie',
      random.pick([
        'a=%ZZ',
        ';;;',
        '=;=',
        '__proto__=1',
        'constructor=x; toString=y',
        Array.from({ length: 200 }, (_, i) => `c${i}=${i}`).join('; '),
        `big=${'x'.repeat(random.between(1_000, 8_000))}`,
        junkText(random),
      ]),
    ],
    () => [
      'x-forwarded-for',
      random.pick([
        '999.999.999.999',
        'garbage',
        '::ffff:1.2.3.4',
        ', , ,',
        Array.from({ length: 100 }, (_, i) => `10.0.0.${i}`).join(', '),
        '1.2.3.4, 2001:db8::1',
        junkText(random),
      ]),
    ],
    () => ['x-forwarded-host', random.pick(['evil.example', '', '[::1', junkText(random)])],
    () => [
      'x-forwarded-proto',
      random.pick(['https', 'gopher', '', 'javascript', junkText(random)]),
    ],
    () => [
      'forwarded',
      random.pick(['for=1.2.3.4;proto=https;host=evil.example', 'for="[::1]"', junkText(random)]),
    ],
    () => [
      'host',
      random.pick([
        'evil.example',
        '',
        '[::1',
        'a b',
        `${host}@evil.example`,
        '%',
        `${host}:99999`,
        'x'.repeat(300),
        host.toUpperCase(),
      ]),
    ],
    () => [
      'user-agent',
      random.pick([
        '',
        'x'.repeat(8_000),
        'Mozilla/5.0 (compatible; Googlebot/2.1)',
        junkText(random),
      ]),
    ],
    () => [
      'referer',
      random.pick(['https://evil.example/', 'not a url', `${origin}/../../x`, junkText(random)]),
    ],
    () => ['origin', random.pick(['null', 'https://evil.example', origin, junkText(random)])],
    () => [
      'content-type',
      random.pick([
        'application/json',
        'multipart/form-data',
        'text/html; charset=utf-99',
        junkText(random),
      ]),
    ],
    () => ['x-tsr-serverfn', random.pick(['true', 'false', ''])],
    () => ['sec-fetch-site', random.pick(['cross-site', 'same-origin', 'none', junkText(random)])],
    () => ['x-junk', 'v'.repeat(random.between(4_000, 12_000))],
  ]
  const headers: Record<string, string> = {}
  const notes: string[] = []
  for (let i = 0, n = random.between(1, 4); i < n; i++) {
    const [name, value] = random.pick(generators)()
    headers[name] = headerSafe(value)
    notes.push(name)
  }
  if (random.chance(0.1)) {
    for (let i = 0; i < 120; i++) headers[`x-many-${i}`] = String(i)
    notes.push('many headers')
  }
  const path = random.chance(0.7) ? random.pick(pagePaths) : random.pick(staticPaths)
  return { kind: 'header', method: 'GET', path, headers, note: notes.join(',') }
}

/** node:http refuses control characters and anything beyond latin-1 in header values. */
const headerSafe = (value: string) =>
  [...value]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0
      return code < 0x20 || code === 0x7f || code > 0xff ? percentEncode(char) : char
    })
    .join('')

function methodCase(random: Random): FuzzCase {
  const method = random.pick([
    'HEAD',
    'OPTIONS',
    'PUT',
    'DELETE',
    'PATCH',
    'TRACE',
    'PROPFIND',
    'FOO',
    'POST',
    'SEARCH',
  ])
  const path = random.chance(0.7) ? random.pick(pagePaths) : random.pick(staticPaths)
  const body =
    method === 'HEAD' || method === 'TRACE' || random.chance(0.5)
      ? undefined
      : Buffer.from(junkText(random))
  return {
    kind: 'method',
    method,
    path,
    headers: body
      ? {
          'content-type': random.pick([
            'application/json',
            'text/plain',
            'application/x-www-form-urlencoded',
          ]),
        }
      : {},
    body,
    note: `${method} ${path}`,
  }
}

/** Seroval's JSON, as Start's client encodes a server-function call (`{ data, context }`). */
export const serovalJson = (value: unknown): string => JSON.stringify(toJSON(value))

const contactFieldValue = (random: Random): unknown =>
  random.pick<() => unknown>([
    () => junkText(random),
    () => 'Zoë Béatrice Ngô',
    () => 'zoe@example.com',
    () => '(905) 555-0142',
    () => 'We would like a quote for a new kitchen, please call.',
    () => 'Kitchen Remodeling',
    () => 'x'.repeat(random.between(1, 12_000)),
    () => random.int(1e9),
    () => null,
    () => undefined,
    () => [junkText(random)],
    () => ({ $ne: 1 }),
  ])()

function contactData(random: Random): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const field of [...contactFieldNames, 'captchaToken', 'website']) {
    if (random.chance(0.9)) data[field] = contactFieldValue(random)
  }
  if (random.chance(0.2))
    data[random.pick(['__proto__', 'constructor', 'admin', ''])] = junkText(random)
  // A plausible message whose captcha the verifier refuses: the deepest the fuzz goes.
  if (random.chance(0.3)) {
    Object.assign(data, {
      name: 'Fuzz Tester',
      email: 'fuzz@example.com',
      phone: '(905) 555-0100',
      service: '',
      message: 'A plausible message that only the captcha refuses.',
      captchaToken: `fuzz-${hex(random, 24)}`,
      website: '',
    })
  }
  return data
}

function serverFnBody(random: Random): { body: Buffer; note: string } {
  const kinds: (() => [string | Buffer, string])[] = [
    () => [serovalJson({ data: contactData(random) }), 'seroval contact-like'],
    () => [serovalJson({ data: junkText(random), context: { admin: true } }), 'seroval junk data'],
    () => [junkText(random), 'junk text'],
    () => [
      random.pick([
        '{}',
        '[]',
        'null',
        '1',
        '"x"',
        'true',
        '{"t":0}',
        '{"t":{"t":99}}',
        '{"t":{"t":10,"i":0}}',
        '{"data":{"name":"x"}}',
        '{"t":{"t":1,"s":"x"},"f":0,"m":[]}',
      ]),
      'JSON, not seroval',
    ],
    () => [`{"t":${'['.repeat(random.between(1_000, 20_000))}`, 'deep nesting'],
    () => [`\ufeff${serovalJson({ data: contactData(random) })}`, 'BOM + seroval'],
    () => [
      Buffer.from(Array.from({ length: random.between(1, 4_000) }, () => random.int(256))),
      'random bytes',
    ],
    () => ['', 'empty'],
    () => [
      JSON.stringify({
        t: {
          t: 10,
          i: 0,
          p: {
            k: ['data'],
            v: [
              {
                t: random.int(40),
                i: random.int(5),
                s: junkText(random),
                a: [],
                p: { k: [], v: [] },
              },
            ],
          },
          o: 0,
        },
        f: random.int(256),
        m: [random.int(9)],
      }),
      'random seroval node',
    ],
    () => [
      `a=${junkText(random)}&b=%ZZ&=&&name=${'x'.repeat(random.between(0, 3_000))}`,
      'urlencoded',
    ],
    () => [
      `--b\r\nContent-Disposition: form-data; name="name"\r\n\r\n${junkText(random)}\r\n--b--`,
      'multipart',
    ],
  ]
  const [body, note] = random.pick(kinds)()
  return { body: Buffer.isBuffer(body) ? body : Buffer.from(body), note }
}

const oneMegabyte = () => Buffer.from(`{"t":{"t":1,"s":"${'A'.repeat(1024 * 1024)}"},"f":0,"m":[]}`)

function serverFnCase(random: Random, options: FuzzOptions, index: number): FuzzCase {
  const realId = options.serverFnIds.length > 0 ? random.pick(options.serverFnIds) : hex(random, 64)
  const id = random.pick([
    realId,
    realId,
    realId,
    realId,
    hex(random, 64),
    '',
    realId.toUpperCase(),
    `${realId}/extra`,
    `${realId}%2F`,
    encodeLoosely(random, junkText(random, 2)),
    [...realId].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
  ])
  const base = random.pick([
    '/_serverFn/',
    '/_serverFn/',
    '/_serverFn/',
    '/%5FserverFn/',
    '/_server%46n/',
    '/_serverFn//',
    '/_serverFn',
  ])
  const method = random.pick([
    'POST',
    'POST',
    'POST',
    'GET',
    'GET',
    'PUT',
    'HEAD',
    'DELETE',
    'OPTIONS',
  ])
  const headers: Record<string, string> = { 'x-forwarded-for': fuzzClientAddress(index) }
  const site = random.pick([
    'same-origin',
    'same-origin',
    'same-origin',
    'origin',
    'none',
    'cross-site',
    'null-origin',
    'referer-evil',
    'junk',
  ])
  if (site === 'same-origin') headers['sec-fetch-site'] = 'same-origin'
  if (site === 'origin') headers.origin = options.origin
  if (site === 'cross-site')
    Object.assign(headers, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
  if (site === 'null-origin') headers.origin = 'null'
  if (site === 'referer-evil') headers.referer = 'https://evil.example/page'
  if (site === 'junk') headers['sec-fetch-site'] = headerSafe(junkText(random))
  if (random.chance(0.6)) headers['x-tsr-serverfn'] = 'true'
  const contentType = random.pick([
    'application/json',
    'application/json',
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'multipart/form-data',
    'multipart/form-data; boundary=b',
    'application/x-www-form-urlencoded',
    'application/jsonx',
    headerSafe(junkText(random)),
    '',
  ])
  if (contentType) headers['content-type'] = contentType
  let path = `${base}${id}`
  let body: Buffer | undefined
  let note = `${method} ${site} ${contentType || 'no type'}`
  if (method === 'GET' && random.chance(0.6)) {
    const payload = random.pick([
      () => serovalJson({ data: contactData(random) }),
      () => junkText(random),
      () => '{"t":',
      () => 'p'.repeat(random.between(5_000, 14_000)),
      () => 'null',
    ])()
    path += `?payload=${encodeComponent(payload)}`
    note += ' payload'
  }
  if (method !== 'GET' && method !== 'HEAD') {
    if (random.chance(0.02)) {
      body = oneMegabyte()
      note += ' 1 MB body'
    } else {
      const made = serverFnBody(random)
      body = made.body
      note += ` ${made.note}`
    }
  }
  if (body && passingCaptchaToken.test(body.toString('latin1'))) body = Buffer.from('{}')
  return { kind: 'server-fn', method, path, headers, body, note }
}

/** Regression cases: each one answered 5xx once (or is a classic), so each run sends them all. */
export function fixedFuzzCases(options: FuzzOptions): FuzzCase[] {
  const sameOrigin = { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': fuzzClientAddress(251) }
  const json = { ...sameOrigin, 'content-type': 'application/json' }
  const cases: FuzzCase[] = []
  const add = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string | Buffer,
    note = 'fixed',
  ) =>
    cases.push({
      kind: 'server-fn',
      method,
      path,
      headers,
      body: body === undefined ? undefined : Buffer.from(body),
      note: `fixed: ${note}`,
    })
  for (const path of [
    '/_serverFn/',
    '/_serverFn//',
    '/%5FserverFn/',
    '/_server%46n/',
    '/_serverFn/?x',
    '/_serverFn/%2F',
    '/_serverFn/nope',
    `/_serverFn/${'f'.repeat(64)}`,
  ]) {
    add('POST', path, sameOrigin, undefined, `empty or unknown id ${path}`)
    add('GET', path, sameOrigin, undefined, `empty or unknown id ${path}`)
  }
  for (const id of options.serverFnIds) {
    const fn = `/_serverFn/${id}`
    for (const body of [
      '{}',
      '[]',
      'null',
      '{bad',
      '',
      '[1,2]',
      '"x"',
      '{"t":{"t":99},"f":0,"m":[]}',
    ])
      add('POST', fn, json, body, `JSON body ${body || '(empty)'}`)
    add(
      'POST',
      fn,
      { ...sameOrigin, 'content-type': 'multipart/form-data' },
      'xx',
      'multipart without boundary',
    )
    add(
      'POST',
      fn,
      { ...sameOrigin, 'content-type': 'multipart/form-data; boundary=zz' },
      '--zz\r\nbroken',
      'broken multipart',
    )
    add(
      'POST',
      fn,
      { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      'a=b&c=%ZZ',
      'urlencoded',
    )
    add(
      'GET',
      fn,
      { ...sameOrigin, 'content-type': 'multipart/form-data' },
      undefined,
      'GET with a form type',
    )
    add(
      'GET',
      fn,
      { ...sameOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      undefined,
      'GET with a form type',
    )
    add('GET', `${fn}?payload=%7Bbad`, sameOrigin, undefined, 'GET payload not JSON')
    add('GET', `${fn}?payload=null`, sameOrigin, undefined, 'GET payload null')
    add('GET', `${fn}?payload=%7B%7D`, sameOrigin, undefined, 'GET payload not seroval')
    add(
      'GET',
      `${fn}?payload=${encodeComponent(serovalJson({ data: 1 }))}`,
      sameOrigin,
      undefined,
      'GET payload seroval',
    )
    add('POST', fn, json, oneMegabyte(), '1 MB seroval string')
    add(
      'POST',
      fn,
      { ...json, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      '{bad',
      'cross-site junk',
    )
    add(
      'POST',
      fn,
      { 'content-type': 'application/json' },
      serovalJson({ data: {} }),
      'no origin at all',
    )
    add('GET', fn, {}, undefined, 'GET, no origin at all')
    add(
      'POST',
      fn,
      { ...json, 'x-tsr-serverfn': 'true' },
      serovalJson({ data: contactData(seededRandom(options.seed)) }),
      'client-shaped call',
    )
  }
  return cases
}

/** The run's cases: the fixed regressions first, then the seeded random ones. */
export function fuzzCases(options: FuzzOptions): FuzzCase[] {
  const random = seededRandom(options.seed)
  const counts = { ...defaultFuzzCounts, ...options.counts }
  const cases = fixedFuzzCases(options)
  for (let i = 0; i < counts.path; i++) cases.push(pathCase(random))
  for (let i = 0; i < counts.query; i++) cases.push(queryCase(random))
  for (let i = 0; i < counts.header; i++) cases.push(headerCase(random, options.origin))
  for (let i = 0; i < counts.method; i++) cases.push(methodCase(random))
  for (let i = 0; i < counts['server-fn']; i++) cases.push(serverFnCase(random, options, i))
  return cases
}

export interface FuzzResult {
  index: number
  case: FuzzCase
  /** The HTTP status, or undefined when the exchange failed (see error). */
  status?: number
  error?: string
  headers: Record<string, string | string[] | undefined>
  /** The first bytes of the body (enough to scan for leaks). */
  body: Buffer
  ms: number
}

const maxKeptBody = 256 * 1024

/** Sends one case exactly as built, and reads the whole answer (keeping the first 256 KiB). */
export function sendCase(
  baseURL: string,
  fuzzCase: FuzzCase,
  options: { agent?: Agent | false; timeoutMs?: number; index?: number } = {},
): Promise<FuzzResult> {
  const { hostname, port } = new URL(baseURL)
  const started = performance.now()
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let kept = 0
    let settled = false
    const finish = (result: Partial<FuzzResult>) => {
      if (settled) return
      settled = true
      resolve({
        index: options.index ?? 0,
        case: fuzzCase,
        headers: {},
        body: Buffer.concat(chunks),
        ms: Math.round(performance.now() - started),
        ...result,
      })
    }
    const headers: Record<string, string> = { ...fuzzCase.headers }
    if (fuzzCase.body) headers['content-length'] = String(fuzzCase.body.length)
    let req: ReturnType<typeof httpRequest>
    try {
      req = httpRequest({
        host: hostname,
        port: Number(port),
        method: fuzzCase.method,
        path: fuzzCase.path,
        headers,
        agent: options.agent,
        setHost: !('host' in headers),
        timeout: options.timeoutMs ?? 15_000,
        // A redirect may echo a huge query back in Location: read it rather than fail on it.
        maxHeaderSize: 1024 * 1024,
      })
    } catch (error) {
      finish({ error: `client refused to send: ${(error as Error).message}` })
      return
    }
    req.on('response', (res) => {
      res.on('data', (chunk: Buffer) => {
        if (kept < maxKeptBody) {
          chunks.push(chunk)
          kept += chunk.length
        }
      })
      res.on('end', () => finish({ status: res.statusCode, headers: res.headers }))
      res.on('error', (error) =>
        finish({ status: res.statusCode, headers: res.headers, error: error.message }),
      )
    })
    req.on('timeout', () => {
      req.destroy(new Error('timed out'))
    })
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ error: error.code ?? error.message }),
    )
    req.end(fuzzCase.body)
  })
}

/** Node's server refuses a request head beyond 16 KiB (431, or a reset while it is still sent). */
export const serverHeadLimit = 16 * 1024

export const headBytes = (fuzzCase: FuzzCase) =>
  fuzzCase.method.length +
  fuzzCase.path.length +
  Object.entries(fuzzCase.headers).reduce(
    (sum, [name, value]) => sum + name.length + value.length + 4,
    0,
  )

/** Sends every case, a few at a time, until done or until the deadline. */
export async function runFuzz(
  baseURL: string,
  cases: readonly FuzzCase[],
  options: { concurrency?: number; deadlineMs?: number; timeoutMs?: number } = {},
): Promise<{ results: FuzzResult[]; skipped: number; ms: number }> {
  const { concurrency = 6, deadlineMs = 60_000, timeoutMs = 15_000 } = options
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const started = performance.now()
  const results: FuzzResult[] = []
  let next = 0
  const worker = async () => {
    while (next < cases.length && performance.now() - started < deadlineMs) {
      const index = next++
      const fuzzCase = cases[index] as FuzzCase
      // A big body the server refuses early would leave the socket mid-request: use a fresh one.
      const big =
        (fuzzCase.body?.length ?? 0) > 64 * 1024 || headBytes(fuzzCase) > serverHeadLimit / 2
      results.push(
        await sendCase(baseURL, fuzzCase, { agent: big ? false : agent, timeoutMs, index }),
      )
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  agent.destroy()
  results.sort((a, b) => a.index - b.index)
  return {
    results,
    skipped: cases.length - results.length,
    ms: Math.round(performance.now() - started),
  }
}

/** Counts by status class and status, e.g. { '2xx': 10, '200': 10, ... }. */
export function countByStatus(results: readonly FuzzResult[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const result of results) {
    const key = result.status === undefined ? `no answer (${result.error})` : String(result.status)
    counts[key] = (counts[key] ?? 0) + 1
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)))
}

export const describeCase = (result: FuzzResult) =>
  `#${result.index} [${result.case.kind}] ${result.case.method} ${result.case.path.slice(0, 160)}${result.case.path.length > 160 ? '…' : ''} (${result.case.note}) -> ${result.status ?? result.error}`
