import { describe, expect, it } from 'vitest'
import { bundledDatabaseSql } from './embedded-sql.server'
import { orderMigrations } from './migrations.server'

describe('orderMigrations', () => {
  it('orders migration files by version, as the Supabase CLI does', () => {
    expect(
      orderMigrations({
        '/supabase/migrations/20250102000000_second.sql': 'b',
        '/supabase/migrations/20250101000000_first_one.sql': 'a',
      }),
    ).toEqual([
      { version: '20250101000000', name: 'first_one', sql: 'a' },
      { version: '20250102000000', name: 'second', sql: 'b' },
    ])
  })

  it('rejects a file the CLI would not apply', () => {
    expect(() => orderMigrations({ '/supabase/migrations/gallery.sql': '' })).toThrow(
      'is not named <version>_<name>.sql',
    )
  })
})

describe('bundledDatabaseSql', () => {
  it('embeds the shim, the migrations and the seed from supabase/', () => {
    const sql = bundledDatabaseSql()
    expect(sql.shim).toContain('create schema if not exists storage')
    expect(orderMigrations(sql.migrations).map((m) => m.name)).toContain('gallery_images')
    expect(sql.seed).toContain("'gallery'")
  })
})
