import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type InboxSnapshot,
  inboxSnapshotFile,
  inboxSnapshotVersion,
} from '../../src/server/contact/inbox-snapshot.server.ts'

/** The snapshot the server keeps for `npm run inbox`; undefined before it wrote one. */
export async function readInboxSnapshot(dir: string): Promise<InboxSnapshot | undefined> {
  const path = join(dir, inboxSnapshotFile)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const snapshot = JSON.parse(text) as InboxSnapshot
  if (snapshot.version !== inboxSnapshotVersion || !Array.isArray(snapshot.messages)) {
    throw new Error(`Unrecognised inbox snapshot format in ${path}`)
  }
  return snapshot
}
