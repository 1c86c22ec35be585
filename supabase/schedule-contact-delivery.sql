-- The delivery schedule in the database: Postgres calls the function's deliver-due every minute,
-- so notifications are retried even while no site instance runs. Optional (every instance already
-- runs the schedule); see docs/deploy-supabase.md, "Optional: a schedule in the database".
--
-- Not a migration: it needs pg_cron, pg_net and Vault, which only the hosted project has (not
-- the embedded database, a local reset or a preview branch, which must not call production), and
-- two Vault secrets that only the operator holds. Run it once per project, again after changing
-- a secret's name (running it again is harmless: the jobs are replaced, not added):
--
--   psql "$SUPABASE_DB_URL" -v ON_ERROR_STOP=1 -f supabase/schedule-contact-delivery.sql
--
-- or paste it into the dashboard's SQL editor. Before, in Dashboard → Integrations → Vault (or
-- with `select vault.create_secret('<value>', '<name>');`), store:
--   contact_schedule_project_url  https://<project-ref>.supabase.co
--   contact_schedule_secret_key   a secret API key made for this alone (Project Settings → API
--                                 Keys → New secret key, named contact_schedule), never the
--                                 site's: pg_net keeps each request, headers included, in
--                                 net.http_request_queue until sent, and PUBLIC may read that
--                                 table, so this key can be revoked alone if it is ever seen.

-- pg_cron and pg_net ship with hosted Supabase but are off until created (as Supabase's guides
-- create them).
create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists pg_net with schema extensions;

do $$
declare
  missing text;
begin
  select string_agg(wanted.name, ', ') into missing
  from unnest(array['contact_schedule_project_url', 'contact_schedule_secret_key']) as wanted (name)
  where not exists (select 1 from vault.secrets as secret where secret.name = wanted.name);
  if missing is not null then
    raise exception 'Store % in Vault first (see the top of supabase/schedule-contact-delivery.sql)', missing;
  end if;
end
$$;

-- One pass of deliver-due sends up to 20 notifications, each allowed 10 s by the mail transport,
-- so it may take minutes; pg_net's default gives up after 5 s (5,000 ms since pg_net 0.8.0).
-- 150 s is the longest an Edge Function may take to answer (Supabase's request idle timeout): past
-- it the platform answers 504.
-- The secrets are read when the job runs, so cron.job holds neither.
select cron.schedule(
  'contact-deliver-due',
  '* * * * *',
  $job$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'contact_schedule_project_url')
      || '/functions/v1/send-contact-message/deliver-due',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'content-type', 'application/json',
      'apikey', (select decrypted_secret from vault.decrypted_secrets where name = 'contact_schedule_secret_key')
    ),
    timeout_milliseconds := 150000
  )
  $job$
);

-- pg_cron records every run in cron.job_run_details and never removes one: 1,440 rows a day from
-- the job above. Keep a week of every job's runs.
select cron.schedule(
  'cron-job-run-details-cleanup',
  '17 3 * * *',
  $job$ delete from cron.job_run_details where end_time < now() - interval '7 days' $job$
);

-- The field report's 13-month retention (issue 24): page views older than that are deleted, and
-- older contact messages lose their lead source. Once a day; the embedded database runs the same
-- function from the server.
select cron.schedule(
  'site-analytics-retention',
  '41 4 * * *',
  $job$ select public.prune_site_analytics() $job$
);
