/**
 * The notification email for a stored contact message: plain text and HTML with every field,
 * to the company, reply-to the visitor. Runtime-neutral; transports (SMTP, .eml outbox) take it
 * as nodemailer message options.
 */
import { encodeWord } from 'nodemailer/lib/mime-funcs'
import type { StoredContactMessage } from './contact-store.ts'

export interface MailAddress {
  name: string
  address: string
}

export interface ContactEmail {
  from: MailAddress
  to: string
  replyTo: MailAddress
  subject: string
  text: string
  html: string
  /** Derived from the message id, so a resent copy is recognisably the same email. */
  messageId: string
  date: Date
  headers: Record<string, string>
}

export interface ContactEmailOptions {
  to: string
  /** Defaults to `to`: mail claiming to come from the visitor's domain would fail SPF/DMARC. */
  from?: string | undefined
  siteName: string
  /** Shown in the email as a reference, e.g. the site's URL. */
  siteUrl?: string | undefined
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const torontoTime = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'America/Toronto',
  }).format(date)

/**
 * A header's text as the visitor wrote it, even when it holds something shaped like an RFC 2047
 * encoded word (`=?UTF-8?B?…?=`): nodemailer passes such ASCII on as it is, and mail programs
 * would decode it into whatever it encodes. Encoding the whole text makes it inert.
 */
const headerText = (text: string) => (text.includes('=?') ? encodeWord(text, 'B', 52) : text)

export function buildContactEmail(
  message: StoredContactMessage,
  options: ContactEmailOptions,
): ContactEmail {
  const service = message.service || 'Not specified'
  const received = torontoTime(message.createdAt)
  const domain = options.to.split('@')[1] ?? 'localhost'
  const rows: [string, string][] = [
    ['Name', message.name],
    ['Email', message.email],
    ['Phone', message.phone],
    ['Service', service],
    ['Received', received],
  ]
  if (message.captchaProblem !== null) {
    // The site could not run its spam check: the owner judges this one by eye.
    rows.push(['Captcha', `not checked (${message.captchaProblem})`])
  }

  const text = [
    `New message from the ${options.siteName} contact form.`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(10)}${value}`),
    '',
    'Message:',
    message.message,
    '',
    '--',
    `Reply to this email to answer ${message.name} directly.`,
    `Reference: ${message.id}${options.siteUrl ? ` (${options.siteUrl})` : ''}`,
    '',
  ].join('\n')

  const cell = 'padding:4px 12px 4px 0;vertical-align:top;text-align:left'
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(`Contact message from ${message.name}`)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>New message from the ${escapeHtml(options.siteName)} contact form.</p>
<table role="presentation" style="border-collapse:collapse">
${rows
  .map(([label, value]) => {
    const shown =
      label === 'Email'
        ? `<a href="mailto:${escapeHtml(value)}">${escapeHtml(value)}</a>`
        : label === 'Phone'
          ? `<a href="tel:${escapeHtml(value.replace(/[^\d+]/g, ''))}">${escapeHtml(value)}</a>`
          : escapeHtml(value)
    return `<tr><th scope="row" style="${cell}">${label}</th><td style="${cell}">${shown}</td></tr>`
  })
  .join('\n')}
</table>
<h2 style="font-size:16px;margin:16px 0 4px">Message</h2>
<p style="white-space:pre-wrap;margin:0">${escapeHtml(message.message)}</p>
<hr style="border:none;border-top:1px solid #d9e2ec;margin:16px 0">
<p style="font-size:12px;color:#52606d">Reply to this email to answer ${escapeHtml(message.name)} directly. Reference: ${escapeHtml(message.id)}</p>
</body>
</html>
`

  return {
    from: { name: `${options.siteName} website`, address: options.from ?? options.to },
    to: options.to,
    // A display name is quoted, and an encoded word may not go inside quotes: such a name stays
    // out of Reply-To (it is in the Subject and the text).
    replyTo: { name: message.name.includes('=?') ? '' : message.name, address: message.email },
    subject: headerText(
      `Contact form: ${message.name}${message.service ? ` (${message.service})` : ''}`,
    ),
    text,
    html,
    messageId: `<contact-${message.id}@${domain}>`,
    date: message.createdAt,
    headers: { 'X-Contact-Message-Id': message.id },
  }
}
