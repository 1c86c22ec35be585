/**
 * The notification transport when no SMTP server is configured: each email becomes an RFC 822
 * `.eml` file in <DATA_DIR>/outbox/, which any mail program opens. Composed by nodemailer (the
 * same MIME as the SMTP path), written to a temporary file, flushed, then renamed into place, so
 * a reader never sees half a file. The name is the message's creation time and id, so a resend
 * of the same message replaces its file instead of adding a second one.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import type { MailTransport } from '#supabase/functions/_shared/contact/mail-transports.ts'
import type { ContactEmail } from '#supabase/functions/_shared/contact/notification-email.ts'

export interface EmlOutboxOptions {
  /** The outbox directory, usually <DATA_DIR>/outbox. */
  dir: string
}

const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

/** `2026-11-22T15-04-05-123Z_<message id>.eml`: sorts by time, safe on every file system. */
export function emlFileName(email: ContactEmail): string {
  const stamp = email.date.toISOString().replace(/[:.]/g, '-')
  const id = (email.headers['X-Contact-Message-Id'] ?? randomUUID()).replace(/[^\w-]/g, '')
  return `${stamp}_${id}.eml`
}

/** The raw RFC 822 bytes of an email. */
export async function composeEml(email: ContactEmail): Promise<Buffer> {
  const info = await composer.sendMail({ ...email })
  return info.message as Buffer
}

export function createEmlOutboxTransport(options: EmlOutboxOptions): MailTransport {
  return {
    description: `outbox ${options.dir}`,
    // The folder takes a file: what a notification needs of it.
    async probe() {
      await mkdir(options.dir, { recursive: true, mode: 0o700 })
      const probe = join(options.dir, `.${randomUUID()}.tmp`)
      await (await open(probe, 'wx', 0o600)).close()
      await rm(probe, { force: true })
    },
    async send(email) {
      const raw = await composeEml(email)
      await mkdir(options.dir, { recursive: true, mode: 0o700 })
      const target = join(options.dir, emlFileName(email))
      const temporary = join(options.dir, `.${randomUUID()}.tmp`)
      const file = await open(temporary, 'wx', 0o600)
      try {
        try {
          await file.writeFile(raw)
          await file.sync()
        } finally {
          await file.close()
        }
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
  }
}

/** The .eml files in an outbox, oldest first (temporary files excluded). */
export async function listOutbox(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}
