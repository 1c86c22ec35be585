/**
 * Mail transports. `createSmtpTransport` sends through nodemailer (Node, and Deno through the
 * `nodemailer` -> npm: mapping in deno.json). The .eml outbox transport is Node-only and lives in
 * src/server/contact/eml-outbox.server.ts.
 */
// @ts-types="npm:@types/nodemailer@8.0.2"
import { createTransport } from 'nodemailer'
import type { ContactEmail } from './email.ts'

export interface MailTransport {
  /** Resolves once the mail is accepted; rejects on any failure. */
  send(email: ContactEmail): Promise<void>
  /** A short description for logs, without credentials. */
  readonly description: string
  close?(): void
}

export interface SmtpTransportOptions {
  /** smtp://user:password@host:587 or smtps://user:password@host:465 */
  url: string
  /** Connection, greeting and socket time-outs (default 10 s each). */
  timeoutMs?: number
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'an invalid URL'
  }
}

export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
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
    async send(email) {
      await transporter.sendMail({ ...email })
    },
    close: () => transporter.close(),
  }
}
