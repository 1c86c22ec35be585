/**
 * The owner's view of stored messages, for `npm run inbox`.
 *
 * PGlite takes no lock across processes, so nothing but the server may open the embedded
 * database while it runs. Instead the server (the only process holding the database) writes a
 * JSON snapshot of the newest messages to <DATA_DIR>/inbox/messages.json after every change
 * (stored, claimed, sent, failed) and at start; the command only reads that file. Nothing listens
 * on a socket or port, the file and its directory are private to the server's user (0600/0700),
 * and a write is atomic (temporary file, then rename), so a reader never sees half a snapshot.
 * Node-runnable as is (relative imports with extensions): scripts/inbox.ts imports it.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type {
  ContactStore,
  NotificationStatus,
  StoredContactMessage,
} from '#supabase/functions/_shared/contact/contact-store.ts'
import type { Logger } from '#supabase/functions/_shared/contact/log.ts'

export const inboxSnapshotVersion = 1
export const inboxSnapshotFile = 'messages.json'

export interface InboxSnapshotMessage {
  id: string
  createdAt: string
  name: string
  email: string
  phone: string
  service: string
  message: string
  status: NotificationStatus
  attempts: number
  lastError: string | null
  notifiedAt: string | null
  nextAttemptAt: string | null
  /** Why its captcha could not be checked, or null when it passed (absent in older snapshots). */
  captchaProblem?: string | null
}

export interface InboxSnapshot {
  version: typeof inboxSnapshotVersion
  generatedAt: string
  /** Messages in the database; `messages` holds the newest `limit` of them. */
  total: number
  messages: InboxSnapshotMessage[]
}

export const inboxDir = (dataDir: string) => join(dataDir, 'inbox')

export function toSnapshotMessage(message: StoredContactMessage): InboxSnapshotMessage {
  return {
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
    captchaProblem: message.captchaProblem,
  }
}

export interface InboxSnapshotWriter {
  /** Asks for a new snapshot soon (coalesces bursts). */
  schedule(): void
  /** Writes a snapshot now (after any scheduled one). */
  flush(): Promise<void>
  /** Cancels a scheduled write after finishing the one in progress. */
  close(): Promise<void>
}

export interface InboxSnapshotOptions {
  /** <DATA_DIR>/inbox */
  dir: string
  store: Pick<ContactStore, 'list'>
  log: Logger
  /** Newest messages kept in the file (default 1000). */
  limit?: number
  debounceMs?: number
}

export function createInboxSnapshotWriter(options: InboxSnapshotOptions): InboxSnapshotWriter {
  const { dir, store, log, limit = 1000, debounceMs = 100 } = options
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> = Promise.resolve()
  let closed = false

  async function write() {
    const { total, messages } = await store.list({ limit })
    const snapshot: InboxSnapshot = {
      version: inboxSnapshotVersion,
      generatedAt: new Date().toISOString(),
      total,
      messages: messages.map(toSnapshotMessage),
    }
    await mkdir(dir, { recursive: true, mode: 0o700 })
    const temporary = join(dir, `.${randomUUID()}.tmp`)
    const file = await open(temporary, 'wx', 0o600)
    try {
      try {
        await file.writeFile(`${JSON.stringify(snapshot, null, 2)}\n`)
        await file.sync()
      } finally {
        await file.close()
      }
      await rename(temporary, join(dir, inboxSnapshotFile))
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }

  function run(): Promise<void> {
    running = running.then(write).catch((error: unknown) =>
      log.error('inbox.snapshot_failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
    )
    return running
  }

  return {
    schedule() {
      if (closed || timer) return
      timer = setTimeout(() => {
        timer = undefined
        void run()
      }, debounceMs)
      timer.unref?.()
    },
    flush() {
      if (timer) clearTimeout(timer)
      timer = undefined
      return run()
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}

/** A store that asks for a new snapshot after every change it makes. */
export function withInboxSnapshot(store: ContactStore, writer: InboxSnapshotWriter): ContactStore {
  const after =
    <Args extends unknown[], Result>(fn: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await fn(...args)
      writer.schedule()
      return result
    }
  return {
    ...store,
    insert: after(store.insert),
    claimDue: after(store.claimDue),
    markSent: after(store.markSent),
    markAttemptFailed: after(store.markAttemptFailed),
  }
}

/** Reads the snapshot; undefined when the server has not written one yet. */
export async function readInboxSnapshot(dir: string): Promise<InboxSnapshot | undefined> {
  let text: string
  try {
    text = await readFile(join(dir, inboxSnapshotFile), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const snapshot = JSON.parse(text) as InboxSnapshot
  if (snapshot.version !== inboxSnapshotVersion || !Array.isArray(snapshot.messages)) {
    throw new Error(`Unrecognised inbox snapshot format in ${join(dir, inboxSnapshotFile)}`)
  }
  return snapshot
}
