/** The owner's view of the messages, from the server's snapshot or from a store's rows. */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  inboxSnapshotFile,
  inboxSnapshotVersion,
} from '#src/server/contact/inbox-snapshot.server.ts'
import {
  type ContactMessageFields,
  contactFieldNames,
} from '#supabase/functions/_shared/contact/contact-schema.ts'
import type { StoredContactMessage } from '#supabase/functions/_shared/contact/contact-store.ts'

/** A stored message as the server's snapshot keeps it: dates as ISO text, no address. */
type SnapshotRow = Omit<
  StoredContactMessage,
  'remoteIp' | 'createdAt' | 'notifiedAt' | 'nextAttemptAt'
> & {
  createdAt: Date | string
  notifiedAt: Date | string | null
  nextAttemptAt: Date | string | null
}

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString())

export const toInboxMessage = (message: SnapshotRow) => ({
  id: message.id,
  createdAt: new Date(message.createdAt).toISOString(),
  // Every field the visitor filled in; one added since this snapshot was written reads as empty.
  ...(Object.fromEntries(
    contactFieldNames.map((field) => [field, message[field] ?? '']),
  ) as unknown as ContactMessageFields),
  status: message.notificationStatus,
  attempts: message.notificationAttempts,
  lastError: message.notificationLastError,
  notifiedAt: iso(message.notifiedAt),
  nextAttemptAt: iso(message.nextAttemptAt),
  /** Why its captcha could not be checked, or null when it passed. */
  captchaProblem: message.captchaProblem,
})
export type InboxMessage = ReturnType<typeof toInboxMessage>

export interface InboxSnapshot {
  version: number
  generatedAt: string
  /** Messages stored; `messages` holds the newest of them. */
  total: number
  messages: InboxMessage[]
}

/** The snapshot the server keeps in `dir`; undefined before it wrote one. */
export async function readInboxSnapshot(dir: string): Promise<InboxSnapshot | undefined> {
  const path = join(dir, inboxSnapshotFile)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const snapshot = JSON.parse(text) as Omit<InboxSnapshot, 'messages'> & { messages: SnapshotRow[] }
  if (snapshot.version !== inboxSnapshotVersion || !Array.isArray(snapshot.messages)) {
    throw new Error(`Unrecognised inbox snapshot format in ${path}`)
  }
  return { ...snapshot, messages: snapshot.messages.map(toInboxMessage) }
}
