/**
 * A scanner for what must never reach a browser: server secrets, the names of server-only
 * variables (their presence means server configuration was bundled), private keys, JWTs (a
 * Supabase service_role key is one), credentials in URLs, and supabase-js code (the browser
 * talks to our server functions only).
 *
 * e2e/secret-scan.spec.ts runs it over every built client asset and every served page;
 * secret-scan.test.ts proves each rule finds what it is meant to find.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'

export interface SecretRule {
  id: string
  pattern: RegExp
  /** A configured value: a finding reports its rule, never the value itself. */
  redact?: boolean
}

export interface SecretFinding {
  file: string
  rule: string
  excerpt: string
}

/** Server-only variables: a client asset that names one has server configuration in it. */
export const serverOnlyVariableNames = [
  'HCAPTCHA_SECRET',
  'SMTP_URL',
  'SUPABASE_SERVICE_ROLE',
  'SUPABASE_SECRET_KEY',
  'SUPABASE_DB_URL',
  'CONTACT_TO_EMAIL',
] as const

/** Variables that are public by design (or harmless): their values may appear in the browser. */
export const publicVariableNames = [
  'PORT',
  'HOST',
  'SITE_URL',
  'DATA_DIR',
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'HCAPTCHA_SITE_KEY',
  'HCAPTCHA_VERIFY_URL',
  'TRUST_PROXY',
  'NODE_ENV',
] as const

/** Strings only supabase-js (or its parts) contains. */
export const supabaseJsMarkers = [
  'supabase-js',
  '@supabase/',
  'PostgrestClient',
  'FunctionsClient',
  'realtime-js',
  'GoTrueClient',
  'SupabaseClient',
  'RealtimeClient',
] as const

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const literal = (text: string) => new RegExp(escapeRegExp(text), 'g')

/** Rules that need no configuration: they hold for every build. */
export const structuralSecretRules: readonly SecretRule[] = [
  ...serverOnlyVariableNames.map((name) => ({
    id: `server-only variable name ${name}`,
    pattern: literal(name),
  })),
  { id: 'private key or certificate (-----BEGIN)', pattern: /-----BEGIN[A-Z0-9 ]*-----/g },
  // A JWT's header and payload are base64url JSON, so they start with eyJ ('{"').
  { id: 'JWT (eyJ…)', pattern: /eyJ[A-Za-z0-9_-]{16,}\.eyJ[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]*/g },
  { id: 'base64 JSON (eyJ… a token or key)', pattern: /eyJ[A-Za-z0-9+/_-]{40,}/g },
  { id: 'service_role', pattern: /service_role/g },
  {
    id: 'credentials in a URL',
    pattern:
      /\b(?:smtps?|postgres(?:ql)?|mysql|redis|amqps?|mongodb(?:\+srv)?):\/\/[^\s/:@'"`]+:[^\s/@'"`]+@/g,
  },
  ...supabaseJsMarkers.map((marker) => ({
    id: `supabase-js code (${marker})`,
    pattern: literal(marker),
  })),
]

/** Reads KEY=VALUE lines of a .env file (comments, blanks and `export ` prefixes allowed). */
export function parseDotEnv(text: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (!match) continue
    const [, key = '', raw = ''] = match
    const quoted = /^(['"])(.*)\1$/.exec(raw)
    values[key] = quoted ? (quoted[2] ?? '') : raw.replace(/\s+#.*$/, '')
  }
  return values
}

/** Too short or too plain to be a secret (and too common to scan for). */
const isTrivialValue = (value: string) =>
  value.length < 6 || /^(true|false|yes|no|on|off|\d+)$/i.test(value)

export interface ConfiguredSecretSources {
  /** The environment the build and the server see (process.env). */
  env?: Record<string, string | undefined>
  /** The text of a .env file, when there is one: every value in it that is not public. */
  dotEnv?: string
  /** Values that are secret even when nothing is configured (the server's defaults). */
  defaults?: Record<string, string>
  /** Values known to be public (the company's own email address...): never a finding. */
  publicValues?: readonly string[]
}

/** One rule per configured secret value: it must not appear anywhere in the client. */
export function configuredSecretRules(sources: ConfiguredSecretSources): SecretRule[] {
  const publicValues = new Set(sources.publicValues ?? [])
  const isPublicName = (name: string) => (publicVariableNames as readonly string[]).includes(name)
  const isServerOnlyName = (name: string) =>
    serverOnlyVariableNames.some((secretName) => name.startsWith(secretName))
  const secrets = new Map<string, string>()
  const add = (origin: string, value: string | undefined) => {
    const trimmed = value?.trim()
    if (!trimmed || isTrivialValue(trimmed) || publicValues.has(trimmed)) return
    if (!secrets.has(trimmed)) secrets.set(trimmed, origin)
  }
  for (const [name, value] of Object.entries(sources.defaults ?? {})) add(`default ${name}`, value)
  for (const [name, value] of Object.entries(sources.env ?? {})) {
    if (isServerOnlyName(name)) add(`environment ${name}`, value)
  }
  if (sources.dotEnv !== undefined) {
    for (const [name, value] of Object.entries(parseDotEnv(sources.dotEnv))) {
      if (!isPublicName(name)) add(`.env ${name}`, value)
    }
  }
  return [...secrets].map(([value, origin]) => ({
    id: `secret value (${origin})`,
    pattern: literal(value),
    redact: true,
  }))
}

/** Every find of every rule in one text. */
export function scanText(
  file: string,
  text: string,
  rules: readonly SecretRule[],
): SecretFinding[] {
  const findings: SecretFinding[] = []
  for (const rule of rules) {
    const pattern = new RegExp(rule.pattern.source, `${rule.pattern.flags.replace('g', '')}g`)
    let count = 0
    for (const match of text.matchAll(pattern)) {
      const start = Math.max(0, match.index - 40)
      const end = Math.min(text.length, match.index + match[0].length + 40)
      const excerpt = rule.redact
        ? `<${match[0].length} characters, redacted>`
        : text.slice(start, end).replace(/\s+/g, ' ')
      findings.push({ file, rule: rule.id, excerpt })
      count += 1
      if (count === 3) break
    }
  }
  return findings
}

/** Text formats are read as UTF-8, everything else (images, fonts) byte for byte. */
const textExtensions = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.htm',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
])

export function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** Scans every file under a directory; `files` counts what was read, so an empty scan shows. */
export function scanDirectory(
  dir: string,
  rules: readonly SecretRule[],
): { files: string[]; findings: SecretFinding[] } {
  const files = listFiles(dir)
  const findings = files.flatMap((file) => {
    const bytes = readFileSync(file)
    const text = bytes.toString(textExtensions.has(extname(file).toLowerCase()) ? 'utf8' : 'latin1')
    return scanText(relative(dir, file), text, rules)
  })
  return { files, findings }
}

export const describeFindings = (findings: readonly SecretFinding[]) =>
  findings.map((finding) => `${finding.file}: ${finding.rule}: ${finding.excerpt}`)
