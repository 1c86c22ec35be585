import type { DatabaseSql } from './migrations.server'

// Embedded at build time: the built server has no supabase/ folder.
const sqlFiles = import.meta.glob<string>(
  ['/supabase/migrations/*.sql', '/supabase/embedded/supabase-shim.sql', '/supabase/seed.sql'],
  { query: '?raw', import: 'default', eager: true },
)
const manifestFiles = import.meta.glob<unknown>(
  '/public/storage/v1/object/public/gallery/manifest.json',
  { import: 'default', eager: true },
)

export const bundledDatabaseSql = (): DatabaseSql => ({
  shim: sqlFiles['/supabase/embedded/supabase-shim.sql'] ?? '',
  migrations: Object.fromEntries(
    Object.entries(sqlFiles).filter(([path]) => path.startsWith('/supabase/migrations/')),
  ),
  seed: sqlFiles['/supabase/seed.sql'] ?? '',
})

export const bundledBucketManifest = (): unknown => Object.values(manifestFiles)[0] ?? []
