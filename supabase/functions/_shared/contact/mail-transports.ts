/**
 * Mail transports. `createHttpMailTransport` posts to an HTTP mail API over fetch (what a hosted
 * edge function can reach: it may not open ports 25 or 587); `createSmtpTransport` sends through
 * nodemailer (Node, and Deno through the `nodemailer` -> npm: mapping in deno.json), over SMTPS
 * on 465 from a hosted function. The .eml outbox transport is Node-only and lives in
 * src/server/contact/eml-outbox.server.ts.
 */
// @ts-types="npm:@types/nodemailer@8.0.2"
import { createTransport } from 'nodemailer'
import type { ContactEmail } from './notification-email.ts'

export interface MailTransport {
  /** Resolves once the mail is accepted; rejects on any failure. */
  send(email: ContactEmail): Promise<void>
  /** A short description for logs, without credentials. */
  readonly description: string
  /**
   * The longest one `send` may take before it fails by its own time-outs: what a delivery pass
   * must leave free after its last claim (notification-outbox.ts). Default 10 s.
   */
  readonly maxSendMs?: number
  /** Resolves when the transport could take a mail now, without sending one (the self-check). */
  probe?(): Promise<void>
  close?(): void
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  const parsed = URL.parse(url)
  if (!parsed) return 'an invalid URL'
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

export function createSmtpTransport(options: {
  /** smtp://user:password@host:587 or smtps://user:password@host:465 */
  url: string
  /** Connection, greeting and socket time-outs (default 10 s each). */
  timeoutMs?: number
}): MailTransport {
  const timeout = options.timeoutMs ?? 10_000
  const transporter = createTransport({
    url: options.url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
  })
  return {
    description: `SMTP ${redactUrl(options.url)}`,
    // Connecting, the greeting, then the socket's idle time-out: a server that stops answering
    // fails within these three. (One that answers each command just in time can take longer.)
    maxSendMs: 3 * timeout,
    async send(email) {
      await transporter.sendMail({ ...email })
    },
    // Connects, greets and logs in, then quits: nothing is sent.
    probe: async () => {
      await transporter.verify()
    },
    close: () => transporter.close(),
  }
}

export const defaultMailApiUrl = 'https://api.resend.com/emails'

const mailbox = (address: { name: string; address: string }) => {
  const name = address.name.replace(/["\\\r\n]/g, '')
  return name ? `${name} <${address.address}>` : address.address
}

/**
 * Sends through an HTTP mail API with Resend's request shape (JSON from, to, reply_to, subject,
 * text, html, headers; Bearer key). The Idempotency-Key is derived from the message id, so an
 * attempt repeated after a lost answer is not delivered twice by an API that keeps keys (Resend:
 * 24 hours). The time-out covers the whole exchange, body included.
 */
export function createHttpMailTransport(options: {
  /** The API's send endpoint (Resend's shape: https://api.resend.com/emails). */
  url: string
  apiKey: string
  /** Default 10 s. */
  timeoutMs?: number
  fetch?: typeof fetch
}): MailTransport {
  const doFetch = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000
  return {
    description: `mail API ${URL.parse(options.url)?.host ?? 'an invalid URL'}`,
    maxSendMs: timeoutMs,
    async send(email) {
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': email.idempotencyKey,
        },
        body: JSON.stringify({
          from: mailbox(email.from),
          to: [email.to],
          reply_to: mailbox(email.replyTo),
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: { ...email.headers, 'Message-ID': email.messageId },
        }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200)
        throw new Error(`mail API answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`)
      }
      await response.body?.cancel()
    },
  }
}

/** SMTP ports a hosted Supabase edge function cannot connect to. */
export function blockedSmtpPort(url: string): number | undefined {
  const parsed = URL.parse(url)
  const port = parsed && Number(parsed.port || (parsed.protocol === 'smtps:' ? 465 : 587))
  return port === 25 || port === 587 ? port : undefined
}
