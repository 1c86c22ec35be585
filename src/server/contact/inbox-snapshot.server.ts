// The owner's view of stored messages for `npm run inbox` (scripts/lib/inbox-snapshot.ts): PGlite
// allows one process, so the server rewrites <DATA_DIR>/inbox/messages.json for it to read.
import { join } from 'node:path'
import type { ContactStore } from '#supabase/functions/_shared/contact/contact-store.ts'
import { describeError, type Logger } from '#supabase/functions/_shared/log.ts'
import { writeJsonAtomically } from '../field-vitals/page-view-store.server.ts'

export const inboxSnapshotVersion = 2
export const inboxSnapshotFile = 'messages.json'
export const inboxDir = (dataDir: string) => join(dataDir, 'inbox')

/** Rewrites it: the newest 1,000 messages as stored, without the visitors' addresses. Calls made
 * while a write waits to start share it. */
export function createInboxSnapshot(store: Pick<ContactStore, 'list'>, dir: string, log: Logger) {
  let queued: Promise<void> | undefined
  let last = Promise.resolve()
  async function write() {
    queued = undefined
    const { total, messages } = await store.list({ limit: 1000 })
    await writeJsonAtomically(dir, inboxSnapshotFile, {
      version: inboxSnapshotVersion,
      generatedAt: new Date().toISOString(),
      total,
      messages: messages.map(({ remoteIp: _, ...message }) => message),
    })
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
