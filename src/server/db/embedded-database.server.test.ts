import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { emptyPgliteImage } from '#test/support/sql-session.ts'
import { thisProcess } from './directory-lock.server'
import {
  closeEmbeddedDatabase,
  getEmbeddedDatabase,
  openEmbeddedDatabase,
} from './embedded-database.server'

const dataDir = mkdtempSync(join(tmpdir(), 'embedded-db-'))
const log = { info: vi.spyOn(console, 'info').mockImplementation(() => {}) }
const open = () => openEmbeddedDatabase(dataDir)
const countMessages = async (db: Awaited<ReturnType<typeof open>>['db']) =>
  (await db.query<{ n: number }>('select count(*)::int as n from public.contact_messages')).rows[0]
    ?.n

/**
 * The folder as initdb leaves it, so the first open migrates without initdb's one synchronous
 * block: 3 s alone, it held this process past the lock's 30 s stale threshold beside Playwright at
 * a load of 10, and the lock lapsed. A first start on an empty folder is the end-to-end suite's own
 * server, on a fresh DATA_DIR each run.
 */
beforeAll(async () => {
  const seed = await PGlite.create(join(dataDir, 'pglite'), {
    loadDataDir: await emptyPgliteImage(PGlite),
  })
  await seed.close()
})

afterAll(async () => {
  // The process-wide database outlives this file otherwise (vitest runs the next in this process).
  await closeEmbeddedDatabase()
  log.info.mockRestore()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('openEmbeddedDatabase', () => {
  it('opens under a lock, migrates, refuses a second opener, and reopens with its data', async () => {
    const first = await open()
    try {
      await first.db.query(
        `insert into public.contact_messages (name, email, phone, message)
         values ('Ada', 'ada@example.com', '9055550100', 'Hello')`,
      )
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
      expect(JSON.parse(readFileSync(join(dataDir, 'pglite.lock', 'holder.json'), 'utf8'))).toEqual(
        thisProcess(),
      )
      const lines = log.info.mock.calls.map(([line]) => String(line))
      const opening = lines.findIndex((line) => line.includes('"event":"database.opening"'))
      const applied = lines.findIndex((line) =>
        /"event":"database\.migrations_applied".*applied migrations \d+/.test(line),
      )
      expect(opening).toBeGreaterThanOrEqual(0)
      expect(applied).toBeGreaterThan(opening)

      // A second database would print as thousands of lines of PGlite's internals.
      await expect(open().then(() => 'a second open succeeded')).rejects.toThrow(
        `Another server is using the embedded database in ${dataDir} (pid ${process.pid} on ${hostname()}). ` +
          'Stop it or set DATA_DIR to another folder.',
      )
      expect(await countMessages(first.db)).toBe(1)
    } finally {
      await first.close()
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)

    log.info.mockClear()
    const second = await open()
    try {
      expect(await countMessages(second.db)).toBe(1)
      // Reopened: said as it opens, and no migration this time.
      const events = log.info.mock.calls.map(([line]) => JSON.parse(String(line)).event)
      expect(events).toEqual(['database.opening'])
      const { rows } = await second.db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
      expect(rows.length).toBeGreaterThan(0)
    } finally {
      await second.close()
      await second.close()
    }
  })
  it('keeps one process-wide database, with its data, until it is closed', async () => {
    const shared = getEmbeddedDatabase(dataDir)
    expect(getEmbeddedDatabase(dataDir)).toBe(shared)
    const { db } = await shared
    expect(await countMessages(db)).toBe(1)

    await closeEmbeddedDatabase()
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)
    expect(getEmbeddedDatabase(dataDir)).not.toBe(shared)
    await closeEmbeddedDatabase()
  })
})
