// Mail without an SMTP server: each notification an RFC 822 `.eml` in <DATA_DIR>/outbox, composed
// by nodemailer; named by its time and id, so a resend replaces its file rather than adding one.
import { randomUUID } from 'node:crypto'
import { access, constants, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import writeFileAtomic from 'write-file-atomic'
import type { MailTransport } from '#supabase/functions/_shared/contact/mail-transports.ts'

const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' })

export function createEmlOutboxTransport(dataDir: string): MailTransport {
  const dir = join(dataDir, 'outbox')
  return {
    description: `outbox ${dir}`,
    async probe() {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await access(dir, constants.W_OK)
    },
    async send(email) {
      const { message } = await composer.sendMail({ ...email })
      // `2026-11-22T15-04-05-123Z_<id>.eml`: sorts by time, safe on every file system.
      const stamp = email.date.toISOString().replace(/[:.]/g, '-')
      const id = (email.headers['X-Contact-Message-Id'] ?? randomUUID()).replace(/[^\w-]/g, '')
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await writeFileAtomic(join(dir, `${stamp}_${id}.eml`), message as Buffer, { mode: 0o600 })
    },
  }
}
