/**
 * The notification email for a stored contact message: plain text and HTML with every field,
 * to the company, reply-to the visitor. Runtime-neutral; transports (SMTP, .eml outbox) take it
 * as nodemailer message options.
 */
import { encodeWord } from 'nodemailer/lib/mime-funcs'
import {
  type ContactMessageFields,
  contactFieldLabels,
  contactFieldNames,
} from './contact-schema.ts'
import type { StoredContactMessage, WaitingNotifications } from './contact-store.ts'

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
  /**
   * The mail API's Idempotency-Key: the same for every attempt at one notification, so an API
   * that keeps keys (Resend: 24 hours) sends a repeat of an accepted request only once.
   */
  idempotencyKey: string
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

/** Fields the HTML email links: the address to write to, the number to call. */
const linkTo: Partial<Record<keyof ContactMessageFields, (value: string) => string>> = {
  email: (address) => `mailto:${address}`,
  phone: (number) => `tel:${number.replace(/[^\d+]/g, '')}`,
}

export function buildContactEmail(
  message: StoredContactMessage,
  options: ContactEmailOptions,
): ContactEmail {
  const domain = options.to.split('@')[1] ?? 'localhost'
  // Every field the visitor filled in, in the form's order; the message itself follows them.
  const rows: [label: string, value: string, field?: keyof ContactMessageFields][] = [
    ...contactFieldNames
      .filter((field) => field !== 'message')
      .map((field): [string, string, keyof ContactMessageFields] => [
        contactFieldLabels[field],
        message[field] || 'Not specified',
        field,
      ]),
    ['Received', torontoTime(message.createdAt)],
  ]
  if (message.captchaProblem !== null) {
    // The site could not run its spam check: the owner judges this one by eye.
    rows.push(['Captcha', `not checked (${message.captchaProblem})`])
  }
  const labelWidth = Math.max(10, ...rows.map(([label]) => label.length + 2))

  const text = [
    `New message from the ${options.siteName} contact form.`,
    '',
    ...rows.map(([label, value]) => `${`${label}:`.padEnd(labelWidth)}${value}`),
    '',
    `${contactFieldLabels.message}:`,
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
  .map(([label, value, field]) => {
    const link = field && linkTo[field]?.(value)
    const shown = link
      ? `<a href="${escapeHtml(link)}">${escapeHtml(value)}</a>`
      : escapeHtml(value)
    return `<tr><th scope="row" style="${cell}">${escapeHtml(label)}</th><td style="${cell}">${shown}</td></tr>`
  })
  .join('\n')}
</table>
<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(contactFieldLabels.message)}</h2>
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
    idempotencyKey: `contact-notification/${message.id}`,
    date: message.createdAt,
    headers: { 'X-Contact-Message-Id': message.id },
  }
}

const ageText = (ms: number) => {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  return `${Math.floor(hours / 24)} days`
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

export interface OwnerDigestEmailInput {
  waiting: WaitingNotifications
  now: Date
  /** What "waiting" means: pending for longer than this. */
  pendingForMs: number
  /** How often the digest may be sent, said in it. */
  periodMs: number
}

/**
 * The owner's digest: how many notifications have waited past the threshold or failed for good,
 * each by reference, received time and attempts. Never the visitor's text: the messages are read
 * where they are kept (the owner report, the inbox).
 */
export function buildOwnerDigestEmail(
  input: OwnerDigestEmailInput,
  options: ContactEmailOptions,
): ContactEmail {
  const { waiting, now } = input
  const domain = options.to.split('@')[1] ?? 'localhost'
  const held = waiting.heldIds.length
  const total = waiting.pendingCount + waiting.failedCount + held
  const oldest = waiting.messages[0]
  const lines = waiting.messages.map((m) => {
    const state =
      m.status === 'held'
        ? 'held, captcha not checked'
        : m.status === 'failed'
          ? `failed for good after ${plural(m.attempts, 'attempt', 'attempts')}`
          : `waiting, ${plural(m.attempts, 'attempt', 'attempts')} so far`
    const error = m.lastError ? ` (last error: ${m.lastError.slice(0, 200)})` : ''
    return `${m.id}  received ${torontoTime(m.createdAt)}, ${ageText(now.getTime() - m.createdAt.getTime())} ago: ${state}${error}`
  })
  const more = total - waiting.messages.length
  const text = [
    `The ${options.siteName} website could not email you about ${plural(total, 'contact message', 'contact messages')}.`,
    'Every one of them is saved: read them in the owner report or the inbox, and reply from there.',
    '',
    `Waiting longer than ${ageText(input.pendingForMs)}: ${waiting.pendingCount}`,
    `Failed for good:   ${waiting.failedCount}`,
    ...(held > 0
      ? [
          `Held:              ${held} (the spam check could not run, and more than the hourly limit of such messages came in: they may be spam)`,
        ]
      : []),
    ...(oldest
      ? [`Oldest:            received ${ageText(now.getTime() - oldest.createdAt.getTime())} ago`]
      : []),
    '',
    ...lines,
    ...(more > 0 ? [`…and ${more} more.`] : []),
    '',
    '--',
    `This summary is sent at most once every ${ageText(input.periodMs)} while notifications wait.`,
    ...(options.siteUrl ? [options.siteUrl] : []),
    '',
  ].join('\n')
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Contact messages waiting</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(text)}</pre>
</body>
</html>
`
  const stamp = now.toISOString()
  return {
    from: { name: `${options.siteName} website`, address: options.from ?? options.to },
    to: options.to,
    replyTo: { name: '', address: options.to },
    subject: `Contact form: ${plural(total, 'message', 'messages')} not notified`,
    text,
    html,
    messageId: `<contact-digest-${now.getTime()}@${domain}>`,
    idempotencyKey: `contact-owner-digest/${stamp}`,
    date: now,
    headers: {},
  }
}
