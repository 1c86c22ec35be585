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

-- The owner's report counts the held messages too: the report as it was, under another name,
-- plus their count.
alter function public.contact_notification_report() rename to contact_notification_report_base;

create function public.contact_notification_report()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select public.contact_notification_report_base() || jsonb_build_object(
    'held',
    (select count(*) from public.contact_messages as cm where cm.notification_status = 'held')
  )
$$;

revoke all on function public.contact_notification_report_base() from public, anon, authenticated;
grant execute on function public.contact_notification_report_base() to service_role;
revoke all on function public.contact_notification_report() from public, anon, authenticated;
grant execute on function public.contact_notification_report() to service_role;

comment on table public.contact_owner_digest_reported is
  'Messages whose failed notification, or whose holding, a digest has already named. Service role only.';

reset statement_timeout;
reset lock_timeout;
