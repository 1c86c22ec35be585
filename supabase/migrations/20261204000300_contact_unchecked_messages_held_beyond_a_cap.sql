-- Issue 52: while the captcha cannot be checked (hCaptcha out of reach, its secret refused), any
-- token passes, so the only limit was the per-address one: 40 addresses pushed 200 messages and
-- 200 owner emails in 14 seconds. Messages stay kept (decision 027), but beyond a number of
-- unchecked messages an hour, counted over the whole site, a message is stored as `held`: never
-- mailed on its own, and summed up in the owner's digest (decision 040).
--
-- The count is the rows themselves (unchecked, not held, in the last hour), so every server
-- instance and the edge function share it. hold_unchecked_contact_message takes a transaction
-- lock first and is called in the transaction that stores the message: the next caller counts
-- only after that row is committed, so concurrent senders never get more than the cap mailed.

set lock_timeout = '5s';
set statement_timeout = '60s';

-- A new value in the status's check. Every stored row already satisfies the wider check, and the
-- table holds a company's messages (thousands, not millions): validated in the migration's
-- transaction, it holds its lock for milliseconds.
alter table public.contact_messages
  drop constraint contact_messages_notification_status_check;
alter table public.contact_messages
  add constraint contact_messages_notification_status_check
  check (notification_status in ('pending', 'sent', 'failed', 'held')) not valid;
-- squawk-ignore constraint-missing-not-valid
alter table public.contact_messages validate constraint contact_messages_notification_status_check;

comment on column public.contact_messages.notification_status is
  'pending, sent or failed; held: kept while the captcha could not be checked, past the hourly cap, and named in the owner''s digest instead of its own email.';

-- The cap's count reads unchecked messages of the last hour: few rows. The table holds a
-- company's messages (thousands, not millions), built in the migration's transaction.
-- squawk-ignore require-concurrent-index-creation
create index contact_messages_unchecked_created_at_idx
  on public.contact_messages (created_at)
  where captcha_problem is not null;

create function public.hold_unchecked_contact_message(per_hour integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  mailed integer;
begin
  -- Held to the end of the caller's transaction, which stores the message.
  perform pg_advisory_xact_lock(hashtextextended('contact_unchecked_cap', 0));
  select count(*) into mailed
    from public.contact_messages as m
   where m.captcha_problem is not null
     and m.notification_status <> 'held'
     and m.created_at > now() - interval '1 hour';
  return mailed >= per_hour;
end;
$$;

comment on function public.hold_unchecked_contact_message(integer) is
  'True when per_hour unchecked messages were already let through to the mail in the last hour; call it in the transaction that stores the message.';

revoke all on function public.hold_unchecked_contact_message(integer) from public, anon, authenticated;
grant execute on function public.hold_unchecked_contact_message(integer) to service_role;

-- The owner's report counts the held messages too (the rest of it as before).
create or replace function public.contact_notification_report()
returns jsonb
language sql
stable
set search_path = ''
as $$
  with messages as (
    select
      cm.notification_status as status,
      cm.created_at,
      case
        when cm.notification_status <> 'failed' then null
        when cm.notification_last_error ~ 'HTTP [0-9]{3}'
          then 'HTTP ' || substring(cm.notification_last_error from 'HTTP ([0-9]{3})')
        -- The network's own code, where a mail library wraps it in its own (`ESOCKET: connect
        -- ECONNREFUSED …`): that says more.
        when cm.notification_last_error ~ codes.network_codes
          then substring(cm.notification_last_error from codes.network_codes)
        else coalesce(
          substring(cm.notification_last_error from '^[A-Za-z]*Error ([A-Z][A-Z0-9_]+):'),
          substring(cm.notification_last_error from '^([A-Za-z]+):'),
          'unknown'
        )
      end as error_class
    from public.contact_messages as cm,
         (select '\m(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)\M'
            as network_codes) as codes
  ),
  failed_by_class as (
    select m.error_class, count(*) as n
      from messages as m
     where m.status = 'failed'
     group by m.error_class
  )
  select jsonb_build_object(
    'generatedAt', now(),
    'stored', (select count(*) from messages),
    'notified', (select count(*) from messages as m where m.status = 'sent'),
    'waiting', (select count(*) from messages as m where m.status = 'pending'),
    'oldestWaitingAt', (select min(m.created_at) from messages as m where m.status = 'pending'),
    'failed', (select count(*) from messages as m where m.status = 'failed'),
    -- Kept although the site could not check their captcha (decision 027): the owner judges them.
    'captchaUnchecked',
      (select count(*) from public.contact_messages as cm where cm.captcha_problem is not null),
    -- Of those, held past the hourly cap: not emailed one by one, named in the digest (decision 040).
    'held', (select count(*) from messages as m where m.status = 'held'),
    'failedBy', coalesce(
      (select jsonb_agg(jsonb_build_object('errorClass', f.error_class, 'count', f.n)
                        order by f.n desc, f.error_class)
         from failed_by_class as f),
      '[]'::jsonb
    )
  )
$$;

revoke all on function public.contact_notification_report() from public, anon, authenticated;
grant execute on function public.contact_notification_report() to service_role;

comment on table public.contact_owner_digest_reported is
  'Messages whose failed notification, or whose holding, a digest has already named. Service role only.';

reset statement_timeout;
reset lock_timeout;
