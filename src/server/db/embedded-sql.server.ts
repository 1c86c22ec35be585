import type { DatabaseSql } from './migrations.server'

// Embedded at build time: the production server is a Nitro bundle that has no supabase/ folder.
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

const only = (files: Record<string, string>, what: string) => {
  const [text] = Object.values(files)
  if (text === undefined) throw new Error(`${what} is missing from the build`)
  return text
}

/** The shim, migrations and seed of supabase/, as the embedded database applies them. */
export const bundledDatabaseSql = (): DatabaseSql => ({
  shim: only(shimFiles, 'supabase/embedded/supabase-shim.sql'),
  migrations: migrationFiles,
  seed: Object.values(seedFiles)[0] ?? '',
})

/** The listing of the bundled photo bucket (public/storage/v1/object/public/gallery/manifest.json). */
export const bundledBucketManifest = (): unknown => Object.values(manifestFiles)[0] ?? []
