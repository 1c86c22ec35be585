/**
 * The owner's view of stored messages for `npm run inbox`: PGlite allows one process, so the
 * server rewrites <DATA_DIR>/inbox/messages.json (the newest 1,000, private to its user) after
 * every change and at start, and the command reads only that file.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
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

/** The store, rewriting the snapshot soon after each change it makes (once for a burst). */
export function withInboxSnapshot(store: ContactStore, dir: string, log: Logger) {
  let queued: Promise<void> | undefined
  let last = Promise.resolve()
  let closed = false

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
    await writeFileAtomic(join(dir, inboxSnapshotFile), `${JSON.stringify(snapshot, null, 2)}\n`, {
      mode: 0o600,
    })
  }
  function snapshot(delayMs: number): Promise<void> {
    if (!queued) {
      last = last
        .then(() => sleep(delayMs, undefined, { ref: false }))
        .then(write)
        .catch((error) => log.error('inbox.snapshot_failed', { error: describeError(error) }))
      queued = last
    }
    return queued
  }
  const after =
    <Args extends unknown[], Result>(change: (...args: Args) => Promise<Result>) =>
    async (...args: Args) => {
      const result = await change(...args)
      if (!closed) void snapshot(100)
      return result
    }
  return {
    store: {
      ...store,
      insert: after(store.insert),
      claimDue: after(store.claimDue),
      markSent: after(store.markSent),
      markAttemptFailed: after(store.markAttemptFailed),
    },
    write: () => snapshot(0),
    /** The last write: the database may close after it. */
    close: () => {
      closed = true
      return snapshot(0)
    },
  }
}
