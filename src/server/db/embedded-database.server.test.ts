import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { fixtureManifest } from '../../../test/support/gallery-fixtures'
import {
  closeEmbeddedDatabase,
  getEmbeddedDatabase,
  openEmbeddedDatabase,
} from './embedded-database.server'

const dataDir = mkdtempSync(join(tmpdir(), 'embedded-db-'))
const log = { info: vi.fn(), warn: vi.fn() }
const open = () => openEmbeddedDatabase({ dataDir, bucketManifest: fixtureManifest, log })
const countRows = async (db: Awaited<ReturnType<typeof open>>['db']) =>
  (await db.query<{ n: number }>('select count(*)::int as n from public.gallery_images')).rows[0]?.n

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('openEmbeddedDatabase', () => {
  it('opens under a lock, migrates, imports, refuses a second opener, and reopens cleanly', async () => {
    const first = await open()
    try {
      expect(first.imported).toBe(fixtureManifest.length)
      expect(await countRows(first.db)).toBe(fixtureManifest.length)
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true)
      expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8').trim()).toBe(String(process.pid))
      expect(log.info).toHaveBeenCalledWith(expect.stringMatching(/applied migrations \d+/))

      await expect(open()).rejects.toThrow(
        `Another server is using the embedded database in ${dataDir} (pid ${process.pid}). ` +
          'Stop it or set DATA_DIR to another folder.',
      )
      expect(await countRows(first.db)).toBe(fixtureManifest.length)
    } finally {
      await first.close()
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)

    log.info.mockClear()
    const second = await open()
    try {
      expect(second.imported).toBe(0)
      expect(await countRows(second.db)).toBe(fixtureManifest.length)
      expect(log.info).not.toHaveBeenCalled()
      const { rows } = await second.db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
      expect(rows.length).toBeGreaterThan(0)
    } finally {
      await second.close()
      await second.close()
    }
  })
  it('keeps one process-wide database, with the bundled bucket, until it is closed', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {})
    const shared = getEmbeddedDatabase(dataDir)
    expect(getEmbeddedDatabase(dataDir)).toBe(shared)
    const { db } = await shared
    const [bundled] = (
      await db.query<{ n: number }>(
        `select count(*)::int as n from public.gallery_images where filename like 'kitchen/%'`,
      )
    ).rows
    expect(bundled?.n).toBeGreaterThan(0)
    expect(await countRows(db)).not.toBe(fixtureManifest.length)

    await closeEmbeddedDatabase()
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false)
    expect(getEmbeddedDatabase(dataDir)).not.toBe(shared)
    await closeEmbeddedDatabase()
    info.mockRestore()
  })
})
