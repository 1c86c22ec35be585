/**
 * Builds the edge function from its environment (Supabase sets SUPABASE_URL and SUPABASE_DB_URL
 * in every function; the rest are secrets set with `supabase secrets set`):
 *
 * | variable | meaning |
 * | --- | --- |
 * | SUPABASE_DB_URL | Postgres connection (node-postgres pool, 3 connections, writes as service_role) |
 * | SUPABASE_URL or JWKS_URL | where the JWKS is (`<SUPABASE_URL>/auth/v1/.well-known/jwks.json`) |
 * | HCAPTCHA_SECRET | required: without it every message is refused (no test-key fallback here) |
 * | HCAPTCHA_VERIFY_URL, HCAPTCHA_SITE_KEY | optional (default https://api.hcaptcha.com/siteverify) |
 * | SMTP_URL | smtp(s)://user:pass@host:port; unset: messages are stored and stay pending |
 * | CONTACT_TO_EMAIL, CONTACT_FROM_EMAIL | recipient (default the company email), sender (default the recipient) |
 * | ALLOWED_ORIGIN | CORS origin (default *) |
 *
 * A configuration problem does not crash the worker: every request gets a 500 and the log says
 * which variable is wrong.
 */
// @ts-types="npm:@types/pg@8.23.1"
import pg from 'pg'
import { company } from '../../../app.config.ts'
import { createEdgeApp } from './app.ts'
import { createHcaptchaVerifier } from './captcha.ts'
import { createPgDatabase } from './database.ts'
import { createContactHandler } from './handler.ts'
import { createJwtVerifier, jwksUrlFrom } from './jwt.ts'
import { consoleLogger, describeError, type Logger } from './log.ts'
import { createSmtpTransport, redactUrl } from './mailer.ts'
import { createNotificationOutbox } from './notifications.ts'
import { createPostgresContactStore } from './store.ts'

export type EdgeEnv = (name: string) => string | undefined

export interface EdgeRuntimeHooks {
  /** EdgeRuntime.waitUntil on Supabase: keeps the worker alive for background work. */
  waitUntil?: ((promise: Promise<unknown>) => void) | undefined
  log?: Logger
}

/** How many due notifications each successful request also retries, in the background. */
const opportunisticRetries = 5

export function createEdgeAppFromEnv(
  env: EdgeEnv,
  hooks: EdgeRuntimeHooks = {},
): { fetch: (request: Request) => Promise<Response>; close: () => Promise<void> } {
  const log = hooks.log ?? consoleLogger
  const get = (name: string) => {
    const value = env(name)?.trim()
    return value ? value : undefined
  }

  const problems: string[] = []
  const dbUrl = get('SUPABASE_DB_URL')
  if (!dbUrl) problems.push('SUPABASE_DB_URL is not set')
  const secret = get('HCAPTCHA_SECRET')
  if (!secret) problems.push('HCAPTCHA_SECRET is not set')
  let jwksUrl: string | undefined
  try {
    jwksUrl = jwksUrlFrom({ JWKS_URL: get('JWKS_URL'), SUPABASE_URL: get('SUPABASE_URL') })
  } catch (error) {
    problems.push(describeError(error))
  }
  if (problems.length > 0 || !dbUrl || !secret || !jwksUrl) {
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

  const smtpUrl = get('SMTP_URL')
  const transport = smtpUrl ? createSmtpTransport({ url: smtpUrl }) : undefined
  const outbox = transport
    ? createNotificationOutbox({
        store,
        transport,
        log,
        email: {
          to: get('CONTACT_TO_EMAIL') ?? company.email,
          from: get('CONTACT_FROM_EMAIL'),
          siteName: company.name,
          siteUrl: get('SITE_URL'),
        },
      })
    : undefined
  if (smtpUrl) log.info('edge.smtp', { transport: redactUrl(smtpUrl) })
  else log.warn('edge.no_smtp', { detail: 'SMTP_URL unset: messages are stored, not emailed' })

  const background = (promise: Promise<unknown>) => {
    const safe = promise.catch((error) =>
      log.error('edge.background_error', { error: describeError(error) }),
    )
    hooks.waitUntil?.(safe)
  }

  const handler = createContactHandler({
    log,
    store,
    verifyCaptcha: createHcaptchaVerifier({
      secret,
      verifyUrl: get('HCAPTCHA_VERIFY_URL') ?? 'https://api.hcaptcha.com/siteverify',
      siteKey: get('HCAPTCHA_SITE_KEY'),
      log,
    }),
    notifier: { deliver: async (id) => (outbox ? outbox.deliver(id) : 'no-transport') },
    waitUntil: background,
  })

  const app = createEdgeApp({
    log,
    jwt: createJwtVerifier({ jwksUrl }),
    allowOrigin: get('ALLOWED_ORIGIN'),
    handler: {
      async handle(body, meta) {
        const answer = await handler.handle(body, meta)
        // Each accepted message also gives earlier, still-pending notifications another try.
        if (answer.status === 200 && outbox) background(outbox.deliverDue(opportunisticRetries))
        return answer
      },
    },
  })

  return {
    fetch: app,
    close: async () => {
      transport?.close?.()
      await pool.end()
    },
  }
}
