import type { DatabaseSql } from './migrations.server'

// Embedded at build time: the built server has no supabase/ folder. (Vite reads these options
// as literals.)
const migrationFiles = import.meta.glob<string>('/supabase/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const shimFiles = import.meta.glob<string>('/supabase/embedded/supabase-shim.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const seedFiles = import.meta.glob<string>('/supabase/seed.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
})
const manifestFiles = import.meta.glob<unknown>(
  '/public/storage/v1/object/public/gallery/manifest.json',
  { import: 'default', eager: true },
)

export const bundledDatabaseSql = (): DatabaseSql => {
  const [shim] = Object.values(shimFiles)
  if (shim === undefined)
    throw new Error('supabase/embedded/supabase-shim.sql is missing from the build')
  return { shim, migrations: migrationFiles, seed: Object.values(seedFiles)[0] ?? '' }
}

/** The bundled photo bucket's listing (public/storage/v1/object/public/gallery/manifest.json). */
export const bundledBucketManifest = (): unknown => Object.values(manifestFiles)[0] ?? []
