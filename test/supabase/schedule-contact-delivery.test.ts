/**
 * supabase/schedule-contact-delivery.sql on PostgreSQL 15, with stand-ins for what only a hosted
 * project has: pg_cron's cron.schedule, pg_net's net.http_post (the signature Supabase documents)
 * and Vault's decrypted_secrets. It proves the script's SQL runs, that the job it schedules calls
 * deliver-due with the dedicated key and a time-out, that run details are cleaned, and that the
 * field report's 13-month retention runs on the real schema.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { scriptWithoutExtensions, standIns } from '../support/hosted-extensions.ts'
import { type Postgres15Cluster, startPostgres15 } from '../support/postgres-15.ts'
import { openPostgres15SchemaDatabase, type SchemaDatabase } from '../support/supabase-schema.ts'
import { requirePostgres15Binaries } from '../support/system-packages.ts'

type Client = InstanceType<typeof pg.Client>

describe('supabase/schedule-contact-delivery.sql', () => {
  let cluster: Postgres15Cluster
  let db: Client
  const script = scriptWithoutExtensions()

  beforeAll(async () => {
    const binaries = requirePostgres15Binaries()
    cluster = await startPostgres15(binaries)
    db = new pg.Client({
      host: cluster.host,
      port: cluster.port,
      user: cluster.user,
      database: cluster.database,
    })
    await db.connect()
  })
  afterAll(async () => {
    await db?.end().catch(() => {})
    await cluster?.stop()
  })

  beforeEach(async () => {
    await db.query('drop schema if exists cron, net, vault cascade')
    await db.query(standIns)
  })

  /** A made-up secret key, fresh each run: only its absence from cron.job is checked. */
  const scheduleKey = `sb_secret_${randomUUID().replaceAll('-', '')}`
  const storeSecrets = () =>
    db.query(
      `insert into vault.secrets (name, secret) values
         ('contact_schedule_project_url', 'https://abcdefghijklmnop.supabase.co'),
         ('contact_schedule_secret_key', '${scheduleKey}')`,
    )

  const jobs = async () =>
    (
      await db.query<{ jobname: string; schedule: string; command: string }>(
        'select jobname, schedule, command from cron.job order by jobname',
      )
    ).rows

  const runJob = async (name: string) => {
    const job = (await jobs()).find((candidate) => candidate.jobname === name)
    if (!job) throw new Error(`no job ${name}`)
    await db.query(job.command)
  }

  it('refuses to schedule anything until both Vault secrets exist, naming them', async () => {
    await expect(db.query(script)).rejects.toThrow(
      'Store contact_schedule_project_url, contact_schedule_secret_key in Vault first',
    )
    expect(await jobs()).toEqual([])
  })

  it('schedules deliver-due every minute, once however often it runs, with no secret in cron.job', async () => {
    await storeSecrets()
    await db.query(script)
    await db.query(script)
    const scheduled = await jobs()
    expect(scheduled.map(({ jobname, schedule }) => ({ jobname, schedule }))).toEqual([
      { jobname: 'contact-deliver-due', schedule: '* * * * *' },
      { jobname: 'cron-job-run-details-cleanup', schedule: '17 3 * * *' },
      { jobname: 'site-analytics-retention', schedule: '41 4 * * *' },
    ])
    for (const job of scheduled) {
      expect(job.command).not.toContain(scheduleKey)
      expect(job.command).not.toContain('abcdefghijklmnop')
    }
  })

  it('calls deliver-due with the dedicated key, asking for an answer at once (the pass runs on in the function)', async () => {
    await storeSecrets()
    await db.query(script)
    await runJob('contact-deliver-due')
    const { rows } = await db.query(
      'select url, body, headers, timeout_milliseconds from net.requests_made',
    )
    expect(rows).toEqual([
      {
        url: 'https://abcdefghijklmnop.supabase.co/functions/v1/send-contact-message/deliver-due',
        body: {},
        headers: {
          apikey: scheduleKey,
          'content-type': 'application/json',
          prefer: 'respond-async',
        },
        timeout_milliseconds: 30_000,
      },
    ])
  })

  it('cleans cron.job_run_details of runs older than a week, of every job', async () => {
    await storeSecrets()
    await db.query(script)
    await db.query(
      `insert into cron.job_run_details (jobid, end_time) values
         (1, now() - interval '8 days'), (2, now() - interval '30 days'),
         (1, now() - interval '6 days'), (1, now()), (1, null)`,
    )
    await runJob('cron-job-run-details-cleanup')
    const { rows } = await db.query<{ kept: number }>(
      'select count(*)::int as kept from cron.job_run_details',
    )
    expect(rows).toEqual([{ kept: 3 }])
  })
})

describe('the field report retention job, on every migration', () => {
  let schema: SchemaDatabase
  const script = scriptWithoutExtensions()

  beforeAll(async () => {
    schema = await openPostgres15SchemaDatabase(1)
    await schema.database.query(standIns)
    await schema.database.query(
      `insert into vault.secrets (name, secret) values
         ('contact_schedule_project_url', 'https://abcdefghijklmnop.supabase.co'),
         ('contact_schedule_secret_key', 'sb_secret_${randomUUID().replaceAll('-', '')}')`,
    )
    await schema.database.query(script)
  })
  afterAll(() => schema?.close())

  it('deletes page views older than 13 months and keeps the rest', async () => {
    const { database } = schema
    await database.query(
      `insert into public.page_views (received_at, route, navigation, device, new_view) values
         (now() - interval '14 months', '/faq', 'load', 'phone', true),
         (now() - interval '12 months', '/faq', 'load', 'phone', true)`,
    )
    const job = await database.query<{ command: string }>(
      `select command from cron.job where jobname = 'site-analytics-retention'`,
    )
    await database.query(job.rows[0]?.command ?? 'select 1/0')
    const { rows } = await database.query<{ kept: number }>(
      'select count(*)::int as kept from public.page_views',
    )
    expect(rows).toEqual([{ kept: 1 }])
  })
})
