/**
 * The owner's view of stored messages for `npm run inbox`: PGlite allows one process, so the
 * server rewrites <DATA_DIR>/inbox/messages.json (the newest 1,000, private to its user) after
 * every change and at start, and the command reads only that file.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type {
  ContactStore,
  StoredContactMessage,
} from '#supabase/functions/_shared/contact/contact-store.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'

export const inboxSnapshotVersion = 1
export const inboxSnapshotFile = 'messages.json'
export const inboxDir = (dataDir: string) => join(dataDir, 'inbox')

export const toSnapshotMessage = (message: StoredContactMessage) => ({
  id: message.id,
  createdAt: message.createdAt.toISOString(),
  name: message.name,
  email: message.email,
  phone: message.phone,
  service: message.service,
  message: message.message,
  status: message.notificationStatus,
  attempts: message.notificationAttempts,
  lastError: message.notificationLastError,
  notifiedAt: message.notifiedAt?.toISOString() ?? null,
  nextAttemptAt: message.nextAttemptAt?.toISOString() ?? null,
  /** Why its captcha could not be checked, or null when it passed. */
  captchaProblem: message.captchaProblem,
})
export type InboxSnapshotMessage = ReturnType<typeof toSnapshotMessage>

export interface InboxSnapshot {
  version: typeof inboxSnapshotVersion
  generatedAt: string
  /** Messages in the database; `messages` holds the newest of them. */
  total: number
  messages: InboxSnapshotMessage[]
}

/** Rewrites the snapshot from the store; calls made while a write waits to start share it. */
export function createInboxSnapshot(store: Pick<ContactStore, 'list'>, dir: string, log: Logger) {
  let queued: Promise<void> | undefined
  let last = Promise.resolve()
  async function write() {
    queued = undefined
    const { total, messages } = await store.list({ limit: 1000 })
    const snapshot: InboxSnapshot = {
      version: inboxSnapshotVersion,
      generatedAt: new Date().toISOString(),
      total,
      messages: messages.map(toSnapshotMessage),
    }
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const text = `${JSON.stringify(snapshot, null, 2)}\n`
    await writeFileAtomic(join(dir, inboxSnapshotFile), text, { mode: 0o600 })
  }
  return (): Promise<void> => {
    if (!queued) {
      last = last
        .then(write)
        .catch((error) => log.error('inbox.snapshot_failed', { error: describeError(error) }))
      queued = last
    }
    return queued
  }
}
