import * as v from 'valibot'
import { company } from '#app.config.ts'

// Server-only: the browser never imports this module (the secret-scan test checks what ships).
const hcaptchaTestSiteKey = '10000000-ffff-ffff-ffff-000000000001'
const hcaptchaTestSecret = '0x0000000000000000000000000000000000000000'

/** hCaptcha's published test keys: the site runs with nothing configured. */
export const hcaptchaTestKeys = {
  siteKey: hcaptchaTestSiteKey,
  secret: hcaptchaTestSecret,
} as const

const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)))
const urlString = (message: string) => v.pipe(v.string(), v.trim(), v.url(message))
const wholeNumberOf = (unit: 'milliseconds' | 'seconds') => (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d+$/, `must be a whole number of ${unit}`),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  )
const milliseconds = wholeNumberOf('milliseconds')
const seconds = wholeNumberOf('seconds')

/** The server's environment. Parsed once at start; a bad value stops the server. */
export const environmentSchema = v.pipe(
  v.object({
    PORT: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'must be a whole number'),
        v.transform(Number),
        v.integer(),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(65535, 'must be at most 65535'),
      ),
      '3000',
    ),
    HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), '0.0.0.0'),
    SITE_URL: v.optional(
      v.pipe(
        urlString('must be an absolute URL such as https://www.example.com'),
        v.regex(/^https?:\/\//i, 'must be an http or https URL such as https://www.example.com'),
        v.transform((url) => url.replace(/\/+$/, '')),
      ),
      'http://localhost:3000',
    ),
    DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), '.data'),
    /** The embedded photo bucket: the folder of photos and manifest.json the site serves. */
    GALLERY_BUCKET_DIR: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1)),
      'public/storage/v1/object/public/gallery',
    ),
    SUPABASE_URL: v.optional(urlString('must be the project URL, such as https://xyz.supabase.co')),
    /** The publishable key (sb_publishable_…) or legacy anon key: gallery reads, as anon. */
    SUPABASE_ANON_KEY: optionalString,
    /** The secret key (sb_secret_…) or legacy service_role key: the server's calls of the function. */
    SUPABASE_SECRET_KEY: optionalString,
    /**
     * Whether the gallery uses Supabase's image transformations (Pro plan and up; a plan without
     * them answers 403 to every render URL). auto: the server tries one render URL and uses them
     * only when it gets an image back (src/server/gallery/image-mode.server.ts); true: uses them
     * unless Supabase refuses; false: never (no transformation costs). Without them the gallery
     * uses the variants `npm run gallery:import` uploads, or the photo itself.
     */
    SUPABASE_IMAGE_TRANSFORMATIONS: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.toLowerCase(),
        v.regex(/^(auto|true|false|yes|no|on|off|1|0)$/, 'must be auto, true or false'),
        v.transform((text): 'auto' | 'on' | 'off' =>
          text === 'auto' ? 'auto' : ['true', 'yes', 'on', '1'].includes(text) ? 'on' : 'off',
        ),
      ),
      'auto',
    ),
    HCAPTCHA_SITE_KEY: v.optional(
      v.pipe(v.string(), v.trim(), v.minLength(1)),
      hcaptchaTestSiteKey,
    ),
    HCAPTCHA_SECRET: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), hcaptchaTestSecret),
    HCAPTCHA_VERIFY_URL: v.optional(
      urlString('must be an absolute URL'),
      'https://api.hcaptcha.com/siteverify',
    ),
    SMTP_URL: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^smtps?:\/\/.+/, 'must look like smtp://user:password@host:587'),
      ),
    ),
    /** Which proxies may say who the client is (read by src/server/contact/client-ip.server.ts). */
    TRUST_PROXY: v.optional(v.pipe(v.string(), v.trim()), 'false'),
    /**
     * The owner's field report answers at /owner-report/<this key> (src/routes/owner-report.$key.tsx);
     * unset, that page does not exist. A secret: long and random (openssl rand -hex 24).
     */
    OWNER_REPORT_KEY: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(
          /^[A-Za-z0-9_-]{24,128}$/,
          'must be 24 to 128 letters, digits, - or _ (openssl rand -hex 24 makes one)',
        ),
      ),
    ),
    CONTACT_TO_EMAIL: v.optional(
      v.pipe(v.string(), v.trim(), v.email('must be an email address')),
      company.email,
    ),
    SERVER_SHUTDOWN_TIMEOUT: v.optional(seconds(1, 600), '15'),
    /** Seconds an idle keep-alive connection stays open: longer than a balancer's idle time-out. */
    KEEP_ALIVE_TIMEOUT: v.optional(seconds(1, 3600), '65'),
    GALLERY_CACHE_TTL_MS: v.optional(milliseconds(100, 86_400_000), '300000'),
    CONTACT_RETRY_INTERVAL_MS: v.optional(milliseconds(100, 3_600_000)),
    CONTACT_RETRY_BACKOFF_MS: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(
          /^\d+(\s*,\s*\d+){0,9}$/,
          'must be 1 to 10 comma-separated millisecond counts, such as 30000,120000,600000',
        ),
        v.transform((text) => text.split(',').map((part) => Number(part.trim()))),
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
      (env.SUPABASE_URL === undefined) === (env.SUPABASE_ANON_KEY === undefined) &&
      (env.SUPABASE_URL === undefined) === (env.SUPABASE_SECRET_KEY === undefined),
    'SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SECRET_KEY must be set together (or none, for the embedded database)',
  ),
  v.check(
    (env) => !env.SUPABASE_SECRET_KEY?.startsWith('sb_publishable_'),
    "SUPABASE_SECRET_KEY holds a publishable key: set the secret key (sb_secret_…) from the dashboard's API keys",
  ),
)

export type Environment = v.InferOutput<typeof environmentSchema>
