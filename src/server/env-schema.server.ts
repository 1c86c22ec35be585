// The server's settings (docs/configuration.md); server-only, the secret-scan test checks what ships.
import * as v from 'valibot'
import { company } from '#app.config.ts'
import { parseTrustProxy } from './client-ip.server.ts'

/** hCaptcha's published test keys: the site runs with nothing configured. */
export const hcaptchaTestKeys = {
  siteKey: '10000000-ffff-ffff-ffff-000000000001',
  secret: '0x0000000000000000000000000000000000000000',
} as const

export const isLocalHost = (url: string) =>
  /^(localhost|.+\.localhost|127\..*|\[::1\]|0\.0\.0\.0)$/.test(new URL(url).hostname)

const trimmed = (check: v.PipeItem<string, string, v.BaseIssue<unknown>>) =>
  v.pipe(v.string(), v.trim(), check)
const text = trimmed(v.minLength(1))
const matching = (pattern: RegExp, message: string) => trimmed(v.regex(pattern, message))
const url = (message: string) => trimmed(v.url(message))
const whole = (unit: string, min: number, max: number) =>
  v.pipe(
    matching(/^\d+$/, `must be a whole number${unit}`),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  )
const trustProxy = trimmed(
  v.rawCheck(({ dataset, addIssue }) => {
    try {
      if (dataset.typed) parseTrustProxy(dataset.value)
    } catch (error) {
      addIssue({ message: (error as Error).message.replace(/^TRUST_PROXY /, '') })
    }
  }),
)

export const environmentSchema = v.pipe(
  v.object({
    NODE_ENV: v.optional(v.string()),
    PORT: v.optional(whole('', 1, 65535), '3000'),
    HOST: v.optional(text, '0.0.0.0'),
    SITE_URL: v.optional(
      v.pipe(
        url('must be an absolute URL such as https://www.example.com'),
        v.regex(/^https?:\/\//i, 'must be an http or https URL such as https://www.example.com'),
        v.transform((site) => site.replace(/\/+$/, '')),
      ),
      'http://localhost:3000',
    ),
    DATA_DIR: v.optional(text, '.data'),
    GALLERY_BUCKET_DIR: v.optional(text, 'public/storage/v1/object/public/gallery'),
    SUPABASE_URL: v.optional(url('must be the project URL, such as https://xyz.supabase.co')),
    SUPABASE_ANON_KEY: v.optional(text),
    SUPABASE_SECRET_KEY: v.optional(text),
    SUPABASE_IMAGE_TRANSFORMATIONS: v.optional(
      v.pipe(
        matching(/^(auto|true|false|yes|no|on|off|1|0)$/i, 'must be auto, true or false'),
        v.transform((on) =>
          /^auto$/i.test(on) ? 'auto' : /^(true|yes|on|1)$/i.test(on) ? 'on' : 'off',
        ),
      ),
      'auto',
    ),
    HCAPTCHA_SITE_KEY: v.optional(text, hcaptchaTestKeys.siteKey),
    HCAPTCHA_SECRET: v.optional(text, hcaptchaTestKeys.secret),
    HCAPTCHA_VERIFY_URL: v.optional(
      url('must be an absolute URL'),
      'https://api.hcaptcha.com/siteverify',
    ),
    SMTP_URL: v.optional(
      matching(/^smtps?:\/\/.+/, 'must look like smtp://user:password@host:587'),
    ),
    TRUST_PROXY: v.optional(trustProxy, 'false'),
    OWNER_REPORT_KEY: v.optional(
      matching(
        /^[\w-]{24,128}$/,
        'must be 24 to 128 letters, digits, - or _ (openssl rand -hex 24 makes one)',
      ),
    ),
    CONTACT_TO_EMAIL: v.optional(trimmed(v.email('must be an email address')), company.email),
    SERVER_SHUTDOWN_TIMEOUT: v.optional(whole(' of seconds', 1, 600), '15'),
    KEEP_ALIVE_TIMEOUT: v.optional(whole(' of seconds', 1, 3600), '65'),
    GALLERY_CACHE_TTL_MS: v.optional(whole(' of milliseconds', 100, 86_400_000), '300000'),
    CONTACT_RETRY_INTERVAL_MS: v.optional(whole(' of milliseconds', 100, 3_600_000)),
    CONTACT_UNCHECKED_PER_HOUR: v.optional(whole('', 0, 10_000), '10'),
    CONTACT_RETRY_BACKOFF_MS: v.optional(
      v.pipe(
        matching(
          /^\d+(\s*,\s*\d+){0,9}$/,
          'must be 1 to 10 comma-separated millisecond counts, such as 30000,120000,600000',
        ),
        v.transform((waits) => waits.split(',').map(Number)),
        v.check(
          (waits) => waits.every((ms) => ms >= 100 && ms <= 86_400_000),
          'must hold waits between 100 and 86400000 ms',
        ),
      ),
      '30000,120000,600000,3600000',
    ),
  }),
  v.check(
    (env) =>
      [env.SUPABASE_ANON_KEY, env.SUPABASE_SECRET_KEY].every((key) => !key === !env.SUPABASE_URL),
    'SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SECRET_KEY must be set together (or none, for the embedded database)',
  ),
  v.check(
    (env) => !env.SUPABASE_SECRET_KEY?.startsWith('sb_publishable_'),
    "SUPABASE_SECRET_KEY holds a publishable key: set the secret key (sb_secret_…) from the dashboard's API keys",
  ),
  // On hCaptcha's test keys a public production site would accept every bot.
  v.check(
    (env) => !testKeysInProduction(env),
    (issue) =>
      `${testKeysInProduction(issue.input)} still hold hCaptcha's published test keys, which pass every visitor, on the public site ${issue.input.SITE_URL} (NODE_ENV=production): set ${testKeysInProduction(issue.input)} to your hCaptcha keys`,
  ),
)

/** The hCaptcha variables still on the test keys of a public production site, as "A and B". */
function testKeysInProduction(env: { [name: string]: unknown; SITE_URL: string }) {
  if (env.NODE_ENV !== 'production' || isLocalHost(env.SITE_URL)) return ''
  const siteKey = env.HCAPTCHA_SITE_KEY === hcaptchaTestKeys.siteKey && 'HCAPTCHA_SITE_KEY'
  const secret =
    !env.SUPABASE_URL && env.HCAPTCHA_SECRET === hcaptchaTestKeys.secret && 'HCAPTCHA_SECRET'
  return [siteKey, secret].filter(Boolean).join(' and ')
}

export type Environment = v.InferOutput<typeof environmentSchema>
