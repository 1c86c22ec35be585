import type { PGlite } from '@electric-sql/pglite'
import type { Database } from '#supabase/functions/_shared/contact/database.ts'
import {
  openMigratedPglite,
  openPostgres15SchemaDatabase,
  type SchemaDatabase,
} from '../support/supabase-schema'

/**
 * An in-memory PGlite with the whole Supabase schema as the embedded database builds it (shim,
 * every migration, seed). `reset()` empties the contact tables between tests (milliseconds,
 * where a fresh database costs about 0.7 CPU-seconds, openMigratedPglite).
 */
export interface ContactTestDatabase {
  db: PGlite
  reset(): Promise<void>
  close(): Promise<void>
}

export async function openContactTestDatabase(): Promise<ContactTestDatabase> {
  const db = await openMigratedPglite()
  return {
    db,
    reset: async () => {
      await db.exec(
        'truncate public.contact_messages, public.captcha_tokens_used, public.contact_rate_events',
      )
    },
    close: () => db.close(),
  }
}

/** A Database whose every call fails as a dead connection would ("database down"). */
export function unreachableDatabase(): Database {
  const fail = async (): Promise<never> => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })
  }
  return { query: fail, transaction: fail }
}

/** A throwaway PostgreSQL 15 behind a real `pg.Pool`, schema applied. */
export const openPostgres15ContactDatabase = (): Promise<SchemaDatabase> =>
  openPostgres15SchemaDatabase(4)
