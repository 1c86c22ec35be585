/**
 * Builds the edge function from its environment. Supabase injects SUPABASE_URL, SUPABASE_DB_URL,
 * SUPABASE_SECRET_KEYS and (while legacy keys exist) SUPABASE_SERVICE_ROLE_KEY into every
 * function; the rest are secrets set with `supabase secrets set` (docs/deploy-supabase.md).
 *
 * | variable | meaning |
 * | --- | --- |
 * | SUPABASE_DB_URL | Postgres connection (node-postgres pool, 3 connections, writes as service_role) |
 * | SUPABASE_SECRET_KEYS / SUPABASE_SECRET_KEY | the keys a caller must present (site-auth.ts) |
 * | SUPABASE_SERVICE_ROLE_KEY | the legacy service_role key, accepted too |
 * | SUPABASE_URL or JWKS_URL | where the JWKS is, for other JWTs (`<SUPABASE_URL>/auth/v1/.well-known/jwks.json`) |
 * | HCAPTCHA_SECRET | without it (or with a wrong one) messages are kept, marked "captcha not checked" |
 * | HCAPTCHA_VERIFY_URL, HCAPTCHA_SITE_KEY | optional (default https://api.hcaptcha.com/siteverify) |
 * | MAIL_API_KEY, MAIL_API_URL | an HTTP mail API (Resend's shape; default https://api.resend.com/emails) |
 * | SMTP_URL | else SMTP: smtps://user:pass@host:465 (hosted functions cannot reach 25 or 587) |
 * | COMPANY_NAME | with mail: the company's name, as the notification shows it ("Maple Hearth Renovations") |
 * | CONTACT_TO_EMAIL | with mail: the company's address that receives notifications |
 * | CONTACT_FROM_EMAIL | optional sender (default the recipient) |
 * | SITE_URL | shown in the notification as a reference |
 * | CONTACT_RETRY_BACKOFF_MS | waits after failed attempts 1, 2, 3… (default 30000,120000,600000,3600000) |
 * | CONTACT_UNCHECKED_PER_HOUR | unchecked messages mailed an hour, site-wide; the rest are held for the digest (default 10) |
 *
 * Only what storing needs can stop the function: the database URL and the keys callers present.
 * Without them every request gets a 500 and the log says which variable is wrong. Everything else
 * is logged at error level and costs no message: a mail setting that is missing or wrong leaves
 * notifications pending until it is mended (the delivery schedule then sends them), a captcha
 * secret that is missing or wrong keeps messages marked "captcha not checked".
 * Nothing here imports from outside supabase/functions, so `supabase functions deploy --use-api`
 * can bundle it: the company's facts are secrets, not the site's app.config.ts.
 */
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import { createHcaptchaVerifier } from '../_shared/contact/captcha.ts'
import { createContactCore } from '../_shared/contact/contact-core.ts'
import { runContactSelfCheck } from '../_shared/contact/contact-self-check.ts'
import { createPostgresContactStore } from '../_shared/contact/contact-store.ts'
import { createPgDatabase } from '../_shared/contact/database.ts'
import {
  blockedSmtpPort,
  createHttpMailTransport,
  createSmtpTransport,
  defaultMailApiUrl,
  type MailTransport,
} from '../_shared/contact/mail-transports.ts'
import { createNotificationOutbox } from '../_shared/contact/notification-outbox.ts'
import { consoleLogger, describeError, type Logger } from '../_shared/log.ts'
import { createEdgeApp } from './app.ts'
import { createJwtVerifier, jwksUrlFrom } from './jwt.ts'
import { createSiteAuth, secretKeysFrom } from './site-auth.ts'

export type EdgeEnv = (name: string) => string | undefined

const emailAddress = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/
const controlCharacters = /\p{Cc}/u

/**
 * Who the notification is from and to (the company's facts, set as function secrets), or the
 * problems with them. The name goes into the From header's display name, so it may hold no line
 * break.
 */
function companyMailSettingsFrom(get: EdgeEnv) {
  const problems: string[] = []
  const companyName = get('COMPANY_NAME')
  if (!companyName) {
    problems.push('COMPANY_NAME is not set (the company name the notification shows)')
  } else if (companyName.length > 100 || controlCharacters.test(companyName)) {
    problems.push('COMPANY_NAME must be one line of at most 100 characters')
  }
  const to = get('CONTACT_TO_EMAIL')
  if (!to) problems.push('CONTACT_TO_EMAIL is not set (who receives the notifications)')
  else if (!emailAddress.test(to)) problems.push('CONTACT_TO_EMAIL is not an email address')
  const from = get('CONTACT_FROM_EMAIL')
  if (from && !emailAddress.test(from)) problems.push('CONTACT_FROM_EMAIL is not an email address')
  if (problems.length > 0 || !companyName || !to) return { problems }
  return { settings: { companyName, to, from }, problems }
}

/** The mail transport the environment asks for: the HTTP API first, then SMTP, else none. */
export function mailTransportFromEnv(get: EdgeEnv, log: Logger): MailTransport | undefined {
  const apiKey = get('MAIL_API_KEY')
  if (apiKey) {
    return createHttpMailTransport({ apiKey, url: get('MAIL_API_URL') ?? defaultMailApiUrl })
  }
  const smtpUrl = get('SMTP_URL')
  if (!smtpUrl) return undefined
  const blocked = blockedSmtpPort(smtpUrl)
  if (blocked) {
    log.error('edge.smtp_port_blocked', {
      port: blocked,
      detail:
        'hosted edge functions cannot connect to ports 25 or 587: use smtps:// on 465 or MAIL_API_KEY',
    })
  }
  return createSmtpTransport({ url: smtpUrl })
}

/** CONTACT_UNCHECKED_PER_HOUR, or the core's default when unset or not a whole number. */
function uncheckedPerHourFrom(get: EdgeEnv, log: Logger): number | undefined {
  const value = get('CONTACT_UNCHECKED_PER_HOUR')
  if (value === undefined) return undefined
  if (/^\d{1,5}$/.test(value) && Number(value) <= 10_000) return Number(value)
  log.error('edge.setting_ignored', {
    setting: 'CONTACT_UNCHECKED_PER_HOUR',
    problem: 'must be a whole number from 0 to 10000: the default (10) applies',
  })
  return undefined
}

export function createEdgeAppFromEnv(
  env: EdgeEnv,
  /** waitUntil: EdgeRuntime.waitUntil on Supabase (keeps the worker alive for background work). */
  hooks: { waitUntil?: ((promise: Promise<unknown>) => void) | undefined; log?: Logger } = {},
) {
  const log = hooks.log ?? consoleLogger
  const get = (name: string) => env(name)?.trim() || undefined

  const problems: string[] = []
  const dbUrl = get('SUPABASE_DB_URL')
  if (!dbUrl) problems.push('SUPABASE_DB_URL is not set')
  const secret = get('HCAPTCHA_SECRET')
  const captcha = {
    secret,
    siteKey: get('HCAPTCHA_SITE_KEY'),
    verifyUrl: get('HCAPTCHA_VERIFY_URL') ?? 'https://api.hcaptcha.com/siteverify',
  }
  if (!secret) {
    log.error('edge.captcha_misconfigured', {
      problems: 'HCAPTCHA_SECRET is not set: messages are kept, marked "captcha not checked"',
    })
  }
  const secretKeys = secretKeysFrom(get)
  const legacyServiceRoleKey = get('SUPABASE_SERVICE_ROLE_KEY')
  if (Object.keys(secretKeys).length === 0 && !legacyServiceRoleKey) {
    problems.push('neither SUPABASE_SECRET_KEYS nor SUPABASE_SERVICE_ROLE_KEY is set')
  }
  const mailConfigured = Boolean(get('MAIL_API_KEY') || get('SMTP_URL'))
  const company = mailConfigured ? companyMailSettingsFrom(get) : undefined
  if (company && company.problems.length > 0) {
    log.error('edge.mail_misconfigured', {
      problems: `${company.problems.join('; ')}: messages are stored, their notifications wait`,
    })
  }
  // Without either, other JWTs are refused (jwksUrlFrom has nothing to build on).
  const jwks = { JWKS_URL: get('JWKS_URL'), SUPABASE_URL: get('SUPABASE_URL') }
  const jwksUrl = jwks.JWKS_URL || jwks.SUPABASE_URL ? jwksUrlFrom(jwks) : undefined
  if (problems.length > 0 || !dbUrl) {
    log.error('edge.misconfigured', { problems: problems.join('; ') })
    return {
      fetch: async () =>
        new Response(JSON.stringify({ error: 'The contact service is not configured.' }), {
          status: 500,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
      close: async () => {},
    }
  }

  const pool = new pg.Pool({
    connectionString: dbUrl,
    max: 3,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 10_000,
  })
  pool.on('error', (error) => log.error('edge.db_pool_error', { error: describeError(error) }))
  const store = createPostgresContactStore(createPgDatabase(pool))

  let transport: MailTransport | undefined
  try {
    transport = mailTransportFromEnv(get, log)
  } catch (error) {
    log.error('edge.mail_misconfigured', {
      problems: `the mail transport could not be made (${describeError(error)}): messages are stored, their notifications wait`,
    })
  }
  const backoffMs = get('CONTACT_RETRY_BACKOFF_MS')
    ?.split(',')
    .map((part) => Number(part.trim()))
    .filter((ms) => Number.isInteger(ms) && ms >= 100)
  const mailSettings = company?.settings
  const outbox =
    transport && mailSettings
      ? createNotificationOutbox({
          store,
          transport,
          log,
          ...(backoffMs?.length ? { backoffMs } : {}),
          email: {
            to: mailSettings.to,
            from: mailSettings.from,
            siteName: mailSettings.companyName,
            siteUrl: get('SITE_URL'),
          },
        })
      : undefined
  if (outbox && transport) log.info('edge.mail', { transport: transport.description })
  else if (!transport)
    log.error('edge.no_mail', {
      detail: 'no MAIL_API_KEY or SMTP_URL: messages are stored, not emailed',
    })

  const background = (promise: Promise<unknown>) => {
    const safe = promise.catch((error) =>
      log.error('edge.background_error', { error: describeError(error) }),
    )
    hooks.waitUntil?.(safe)
  }

  const core = createContactCore({
    log,
    store,
    verifyCaptcha: createHcaptchaVerifier({ ...captcha, secret: secret ?? '', log }),
    // Without a transport the core's deliverDue finds no outbox and reports nothing sent.
    notifier: outbox ?? { deliver: async () => 'no-transport' },
    waitUntil: background,
    uncheckedPerHour: uncheckedPerHourFrom(get, log),
  })

  const app = createEdgeApp({
    log,
    core,
    waitUntil: hooks.waitUntil ? background : undefined,
    auth: createSiteAuth({
      secretKeys,
      legacyServiceRoleKey,
      jwt: jwksUrl ? createJwtVerifier({ jwksUrl }) : undefined,
    }),
    selfCheck: () =>
      runContactSelfCheck({
        captcha,
        mail: { transport, problems: company?.problems },
        database: createPgDatabase(pool),
        secrets: [secret, get('MAIL_API_KEY')],
      }),
  })

  return {
    fetch: app,
    close: async () => {
      transport?.close?.()
      await pool.end()
    },
  }
}
