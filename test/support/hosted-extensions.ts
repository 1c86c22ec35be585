import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'

const scriptPath = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'supabase',
  'schedule-contact-delivery.sql',
)

// Plain PostgreSQL has neither extension; the stand-ins below take their place.
const extensionStatements = [
  'create extension if not exists pg_cron with schema pg_catalog;',
  'create extension if not exists pg_net with schema extensions;',
]

/** cron, net and vault as far as the schedule script uses them; the signatures Supabase documents. */
export const standIns = `
  create schema cron;
  create table cron.job (
    jobid bigserial primary key, jobname text unique, schedule text not null, command text not null
  );
  create table cron.job_run_details (runid bigserial primary key, jobid bigint, end_time timestamptz);
  create function cron.schedule(job_name text, schedule text, command text) returns bigint
  language sql as $$
    insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
    on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
    returning jobid
  $$;

  create schema net;
  create table net.requests_made (
    id bigserial primary key, url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds int
  );
  create function net.http_post(
    url text,
    body jsonb default '{}'::jsonb,
    params jsonb default '{}'::jsonb,
    headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
    timeout_milliseconds int default 5000
  ) returns bigint
  language sql as $$
    insert into net.requests_made (url, body, params, headers, timeout_milliseconds)
    values (url, body, params, headers, timeout_milliseconds)
    returning id
  $$;

  create schema vault;
  create table vault.secrets (id uuid primary key default gen_random_uuid(), name text unique, secret text);
  create view vault.decrypted_secrets as select id, name, secret as decrypted_secret from vault.secrets;
`

/** supabase/schedule-contact-delivery.sql without the two `create extension` the stand-ins replace. */
export function scriptWithoutExtensions(): string {
  let script = readFileSync(scriptPath, 'utf8')
  for (const statement of extensionStatements) {
    expect(script).toContain(statement)
    script = script.replace(statement, '')
  }
  return script
}
