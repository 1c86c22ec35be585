/**
 * The contact path's self-check, run without a visitor by the site (embedded mode, in-process) and
 * by the edge function (its self-check path): is the captcha secret accepted and the site key its
 * own, is the mail transport configured and, where it can be asked without sending mail, reachable,
 * and does the database answer. Each check gives a name, a status and one operator-facing sentence;
 * no secret is ever part of a sentence.
 */
import * as v from 'valibot'
import { describeError } from '../log.ts'
import { captchaOperatorFaultCodes, createHcaptchaVerifier } from './captcha.ts'
import type { SqlExecutor } from './database.ts'
import type { MailTransport } from './mail-transports.ts'

const selfCheckSchema = v.object({
  name: v.picklist(['function', 'captcha', 'mail', 'database']),
  status: v.picklist(['ok', 'failed', 'not-configured']),
  /** One sentence for the operator, without a secret. */
  detail: v.pipe(
    v.string(),
    v.transform((detail) => detail.slice(0, 500)),
  ),
})
const reportSchema = v.object({ checkedAt: v.string(), checks: v.array(selfCheckSchema) })
export type SelfCheck = v.InferOutput<typeof selfCheckSchema>
export type SelfCheckName = SelfCheck['name']
export type SelfCheckStatus = SelfCheck['status']

/** The outcomes of the check named `name`. */
const outcomesOf = (name: SelfCheckName) => ({
  ok: (detail: string): SelfCheck => ({ name, status: 'ok', detail }),
  failed: (detail: string): SelfCheck => ({ name, status: 'failed', detail }),
  notConfigured: (detail: string): SelfCheck => ({ name, status: 'not-configured', detail }),
})

/** `checkedAt`: the ISO time the checks finished. */
export type ContactSelfCheckReport = v.InferOutput<typeof reportSchema>

/**
 * Sent to hCaptcha in place of a visitor's token: no widget issues it, so hCaptcha answers
 * `invalid-input-response` once it has accepted the secret (and the site key), and names the
 * secret or the key when it has not.
 */
export const selfCheckCaptchaToken = 'contact-self-check'

/** hCaptcha's published test secret: it accepts anyone, so it protects nothing. */
const hcaptchaTestSecret = '0x0000000000000000000000000000000000000000'

/** Each check gives up after this long (a hung peer must not hold the others' answer). */
export const defaultSelfCheckTimeoutMs = 10_000

/** The verifier's settings, where the secret may be missing (not configured). */
type CaptchaCheckSettings = Omit<Parameters<typeof createHcaptchaVerifier>[0], 'secret' | 'log'> & {
  secret: string | undefined
}

const operatorFaultSentences: Record<(typeof captchaOperatorFaultCodes)[number], string> = {
  'missing-input-secret': 'hCaptcha received no secret: set HCAPTCHA_SECRET',
  'invalid-input-secret':
    "hCaptcha refuses HCAPTCHA_SECRET (invalid-input-secret): copy the secret from hCaptcha's dashboard again",
  'sitekey-secret-mismatch':
    'HCAPTCHA_SITE_KEY does not belong to the account of HCAPTCHA_SECRET (sitekey-secret-mismatch)',
  'not-using-dummy-passcode':
    "HCAPTCHA_SITE_KEY is hCaptcha's test key but HCAPTCHA_SECRET is not its test secret (not-using-dummy-passcode)",
}

export async function checkCaptcha(settings: CaptchaCheckSettings): Promise<SelfCheck> {
  const { ok, failed, notConfigured } = outcomesOf('captcha')
  if (!settings.secret) {
    return notConfigured('HCAPTCHA_SECRET is not set')
  }
  // A verifier of its own, without a log: the check's outcome is logged once per change by its
  // caller, never on every run.
  const verify = createHcaptchaVerifier({
    ...settings,
    secret: settings.secret,
    timeoutMs: settings.timeoutMs ?? defaultSelfCheckTimeoutMs,
  })
  const result = await verify(selfCheckCaptchaToken)
  const testKeys = settings.secret === hcaptchaTestSecret
  if (!result.success && 'errorCodes' in result) {
    const fault = captchaOperatorFaultCodes.find((code) => result.errorCodes.includes(code))
    if (fault) return failed(operatorFaultSentences[fault])
  } else if (!result.success) {
    const detail = 'detail' in result ? String(result.detail) : 'no usable answer'
    return failed(`hCaptcha's verifier did not answer: ${detail}`)
  }
  if (testKeys) {
    return notConfigured(
      "hCaptcha's published test keys: every visitor passes; set HCAPTCHA_SECRET and HCAPTCHA_SITE_KEY",
    )
  }
  return ok(
    settings.siteKey
      ? 'hCaptcha accepts the secret and the site key'
      : 'hCaptcha accepts the secret (HCAPTCHA_SITE_KEY is not set, so the key pair is not checked)',
  )
}

export interface MailCheckSettings {
  /** The transport the notifications go through; undefined when none is configured. */
  transport: MailTransport | undefined
  /** What is wrong with the mail settings (the company's name, the addresses). */
  problems?: readonly string[] | undefined
  timeoutMs?: number
}

export async function checkMail(settings: MailCheckSettings): Promise<SelfCheck> {
  const { ok, failed, notConfigured } = outcomesOf('mail')
  const { transport, problems = [] } = settings
  if (problems.length > 0) {
    return failed(`notifications cannot be sent: ${problems.join('; ')}`)
  }
  if (!transport) {
    return notConfigured('no MAIL_API_KEY or SMTP_URL: messages are stored, not emailed')
  }
  if (!transport.probe) {
    return ok(
      `${transport.description} configured (it has no check that sends nothing; verify:deploy --send-test-message tries it)`,
    )
  }
  try {
    await withTimeout(transport.probe(), settings.timeoutMs ?? defaultSelfCheckTimeoutMs)
    return ok(`${transport.description} answers`)
  } catch (error) {
    return failed(`${transport.description}: ${describeError(error)}`)
  }
}

export async function checkDatabase(
  database: SqlExecutor | undefined,
  timeoutMs = defaultSelfCheckTimeoutMs,
): Promise<SelfCheck> {
  const { ok, failed, notConfigured } = outcomesOf('database')
  if (!database) return notConfigured('no database is configured')
  try {
    // The table a message is stored in, not only the connection: a database the migrations
    // never reached answers too.
    await withTimeout(database.query('select 1 from public.contact_messages limit 0'), timeoutMs)
    return ok('the contact tables answer')
  } catch (error) {
    return failed(describeError(error))
  }
}

export interface ContactSelfCheckOptions {
  captcha: CaptchaCheckSettings
  mail: MailCheckSettings
  database: SqlExecutor | undefined
  /** Values that must never appear in a detail (secrets, keys, passwords). */
  secrets?: readonly (string | undefined)[]
  now?: () => Date
}

/** Runs every check at once; never rejects. */
export async function runContactSelfCheck(
  options: ContactSelfCheckOptions,
): Promise<ContactSelfCheckReport> {
  const settled = (check: Promise<SelfCheck>, name: SelfCheckName) =>
    check.catch((error: unknown) => outcomesOf(name).failed(describeError(error)))
  const checks = await Promise.all([
    settled(checkCaptcha(options.captcha), 'captcha'),
    settled(checkMail(options.mail), 'mail'),
    settled(checkDatabase(options.database), 'database'),
  ])
  const secrets = (options.secrets ?? []).filter(
    (secret): secret is string => secret !== undefined && secret.length >= 4,
  )
  const redact = (text: string) =>
    secrets.reduce((clean, secret) => clean.replaceAll(secret, '[secret]'), text)
  return {
    checkedAt: (options.now?.() ?? new Date()).toISOString(),
    checks: checks.map((check) => ({ ...check, detail: redact(check.detail) })),
  }
}

/** A self-check report received over HTTP (each detail cut to 500 characters), or undefined when the body is not one. */
export function parseSelfCheckReport(body: unknown): ContactSelfCheckReport | undefined {
  const report = v.safeParse(reportSchema, body)
  return report.success ? report.output : undefined
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, expired]).finally(() => clearTimeout(timer))
}
