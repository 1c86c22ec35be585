/**
 * The owner's view of stored messages for `npm run inbox`: PGlite allows one process, so the
 * server rewrites <DATA_DIR>/inbox/messages.json, private to its user, when messages change and
 * at start; the command (scripts/lib/inbox-snapshot.ts) reads only that file.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { ContactStore } from '#supabase/functions/_shared/contact/contact-store.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/contact/log.ts'

export const inboxSnapshotVersion = 2
export const inboxSnapshotFile = 'messages.json'
export const inboxDir = (dataDir: string) => join(dataDir, 'inbox')

/**
 * Rewrites the snapshot: the newest 1,000 messages as stored, without the visitors' addresses.
 * Calls made while a write waits to start share it.
 */
export function createInboxSnapshot(store: Pick<ContactStore, 'list'>, dir: string, log: Logger) {
  let queued: Promise<void> | undefined
  let last = Promise.resolve()
  async function write() {
    queued = undefined
    const { total, messages } = await store.list({ limit: 1000 })
    const snapshot = {
      version: inboxSnapshotVersion,
      generatedAt: new Date().toISOString(),
      total,
      messages: messages.map(({ remoteIp: _, ...message }) => message),
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
