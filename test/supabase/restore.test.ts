/**
 * The restore of docs/deploy-supabase.md (Backups), rehearsed on PostgreSQL 15 with hosted
 * Supabase's roles: the data of the schema `public` dumped as `supabase db dump --data-only
 * --use-copy --schema public` dumps it (the CLI's dump_data.sh: pg_dump --data-only
 * --quote-all-identifier --role postgres --schema public, between `SET session_replication_role =
 * replica` and `RESET ALL`), loaded with psql into a new project whose migrations are applied, the
 * photos uploaded again, and the schedule re-created from supabase/schedule-contact-delivery.sql.
 * Nothing of the old project may be lost, doubled or renumbered.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlExecutor } from '#src/server/db/migrations.server.ts'
import { scriptWithoutExtensions, standIns } from '../support/hosted-extensions.ts'
import { hostedOwner, prepareAsHostedPostgres } from '../support/hosted-postgres.ts'
import { type Postgres15Cluster, startPostgres15 } from '../support/postgres-15.ts'
import { readDatabaseSql } from '../support/supabase-schema.ts'
import { requirePostgres15Binaries } from '../support/system-packages.ts'

const run = promisify(execFile)
type Client = InstanceType<typeof pg.Client>
type Row = Record<string, unknown>

const executor = (client: Client): SqlExecutor => ({
  exec: (sql) => client.query(sql),
  query: async <R>(sql: string, params?: unknown[]) => ({
    rows: (await client.query(sql, params)).rows as R[],
  }),
})

describe('a restore into a new project, rehearsed', () => {
  let cluster: Postgres15Cluster
  let binDir: string
  let folder: string
  const clients: Client[] = []

  const connect = async (database: string, user = cluster.user) => {
    const client = new pg.Client({ host: cluster.host, port: cluster.port, user, database })
    await client.connect()
    clients.push(client)
    return client
  }

  /** A project as `db push` and `seed buckets` leave it, with cron, net and Vault stand-ins. */
  const newProject = async (name: string) => {
    const admin = await connect(cluster.database)
    await admin.query(`create database ${name}`)
    const superuser = await connect(name)
    await prepareAsHostedPostgres(executor(superuser), readDatabaseSql())
    // Hosted postgres may use pg_cron, pg_net and Vault: here it owns their stand-ins.
    await superuser.query(`set role ${hostedOwner}`)
    await superuser.query(standIns)
    await superuser.query('reset role')
    // Hosted Supabase lets postgres set it (supautils), as the CLI's data dump does first.
    await superuser.query(`grant set on parameter session_replication_role to ${hostedOwner}`)
    return connect(name, hostedOwner)
  }

  const upload = async (project: Client, names: string[]) => {
    await project.query('begin')
    await project.query('set local role service_role')
    for (const name of names) {
      await project.query(`insert into storage.objects (bucket_id, name) values ('gallery', $1)`, [
        name,
      ])
    }
    await project.query('commit')
  }

  const scheduleDelivery = async (project: Client) => {
    await project.query(
      `insert into vault.secrets (name, secret) values
         ('contact_schedule_project_url', 'https://abcdefghijklmnop.supabase.co'),
         ('contact_schedule_secret_key', 'a stand-in for the project''s secret key')`,
    )
    await project.query(scriptWithoutExtensions())
  }

  const photos = ['kitchen/oak.webp', 'kitchen/oak/detail-1.webp', 'bathroom/spa.webp']

  /** What the operator would miss: every row of every table the project's data lives in. */
  const projectData = async (project: Client) => ({
    messages: (await project.query('select * from public.contact_messages order by id')).rows,
    gallery: (
      await project.query(
        'select id, title, filename, additional_images from public.gallery_images order by filename',
      )
    ).rows,
    pageViews: (await project.query('select * from public.page_views order by id')).rows,
  })

  let oldProject: Client
  let before: Awaited<ReturnType<typeof projectData>>

  /** `supabase db dump --data-only --use-copy` with the given schemas, as the CLI runs pg_dump. */
  const cliDataDump = async (database: string, schemas: string[], file: string) => {
    const { stdout } = await run(
      join(binDir, 'pg_dump'),
      [
        `--host=${cluster.host}`,
        `--port=${cluster.port}`,
        `--username=${hostedOwner}`,
        `--dbname=${database}`,
        '--data-only',
        '--quote-all-identifier',
        `--role=${hostedOwner}`,
        ...schemas.map((schema) => `--schema=${schema}`),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    const data = stdout.replace(/^\\(un)?restrict .*$/gm, '-- $&') // the CLI's sed
    writeFileSync(file, `SET session_replication_role = replica;\n\n${data}RESET ALL;\n`)
    return readFileSync(file, 'utf8')
  }

  const psqlFile = (database: string, file: string) =>
    run(join(binDir, 'psql'), [
      '--no-psqlrc',
      `--host=${cluster.host}`,
      `--port=${cluster.port}`,
      `--username=${hostedOwner}`,
      `--dbname=${database}`,
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--file=${file}`,
    ])

  beforeAll(async () => {
    const binaries = requirePostgres15Binaries()
    binDir = dirname(binaries.initdb)
    folder = mkdtempSync(join(tmpdir(), 'restore-'))
    cluster = await startPostgres15(binaries)

    oldProject = await newProject('old_project')
    await upload(oldProject, photos)
    await oldProject.query(
      `update public.gallery_images set title = 'Oak kitchen, edited by the owner' where filename = 'kitchen/oak.webp'`,
    )
    await oldProject.query(
      `insert into public.contact_messages (name, email, phone, message, notification_status, notified_at)
       values ('Ada', 'ada@example.com', '5551234567', 'A new kitchen, please.', 'sent', now()),
              ('Bea', 'bea@example.com', '5557654321', 'Bathroom tiles?', 'pending', null)`,
    )
    await oldProject.query(
      `insert into public.page_views (route, navigation, device, new_view, lcp_ms)
       select '/gallery', 'load', 'phone', true, 1200 + n from generate_series(1, 3) as n`,
    )
    await scheduleDelivery(oldProject)
    before = await projectData(oldProject)
  })
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => {})
    await cluster?.stop()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it('takes the data of public alone, and loses, doubles and renumbers nothing', async () => {
    const file = join(folder, 'data.sql')
    const dump = await cliDataDump('old_project', ['public'], file)
    expect(dump).toContain('COPY "public"."contact_messages"')
    for (const left of ['"cron"', '"net"', '"vault"', '"storage"', '"supabase_migrations"']) {
      expect(dump).not.toContain(left)
    }

    const restored = await newProject('restored_project')
    await psqlFile('restored_project', file)
    // The photos go back with `storage cp`: the trigger finds their projects already there.
    await upload(restored, photos)
    await scheduleDelivery(restored)

    const after = await projectData(restored)
    expect(after).toEqual(before)
    expect(after.gallery.map((row) => (row as Row).title)).toContain(
      'Oak kitchen, edited by the owner',
    )
    const { rows: jobs } = await restored.query('select jobname from cron.job order by jobname')
    expect(jobs.map((job) => job.jobname)).toEqual([
      'contact-deliver-due',
      'cron-job-run-details-cleanup',
      'site-analytics-retention',
    ])
    // The sequence came along: the next page view follows the restored ones.
    const { rows: next } = await restored.query(
      `insert into public.page_views (route, navigation, device, new_view)
       values ('/', 'load', 'desktop', true) returning id`,
    )
    expect(Number(next[0]?.id)).toBeGreaterThan(
      Math.max(...before.pageViews.map((v) => Number(v.id))),
    )
  })

  it('aborts on cron.job, as the recipe it replaces did, when the dump takes the platform’s schemas along', async () => {
    const file = join(folder, 'everything.sql')
    // Without --schema, CLI 3.1.0 leaves out vault, supabase_migrations and the like, and takes
    // public, auth, storage, cron and net (`db dump --data-only --dry-run` prints its pg_dump).
    await cliDataDump('old_project', ['public', 'auth', 'storage', 'cron', 'net'], file)
    const target = await newProject('second_try')
    await scheduleDelivery(target)
    await expect(psqlFile('second_try', file)).rejects.toThrow(
      /duplicate key value violates unique constraint "job_pkey"/,
    )
  })
})
