-- Issue 23: the rate limit was counted before the captcha was checked, so failed captchas used up
-- a visitor's 5 a minute and 20 an hour: someone retrying through a captcha outage was locked out
-- for up to an hour once it worked again. Now each counted event has a kind:
-- - 'accepted': a message that passed the captcha (or filled the honeypot, which is answered as
--   accepted): 5 a minute and 20 an hour per client, as before;
-- - 'captcha_failed': a refused or unverifiable captcha, counted apart, 10 a minute and 60 an
--   hour, so a script sending bad tokens still stops before it reaches hCaptcha, and a visitor's
--   failures never cost them a message.
-- The contact core asks contact_rate_limit_wait(key) before the captcha (it counts nothing), then
-- counts with consume_contact_rate_limit(key) once the captcha passed, or with
-- count_contact_captcha_failure(key) when it failed. Service role only, like the rest.

set lock_timeout = '5s';
set statement_timeout = '60s';

-- Every row counted so far was counted before its captcha: as accepted, as the old limit did.
alter table public.contact_rate_events
  add column kind text not null default 'accepted'
  constraint contact_rate_events_kind_check check (kind in ('accepted', 'captcha_failed'));

comment on column public.contact_rate_events.kind is
  'accepted: a message that passed the captcha; captcha_failed: a refused or unverifiable captcha. Each kind has its own limits.';

-- When the client may next have an event of this kind counted, or null if now. Reads only.
create function public.contact_rate_limit_free_at(client_key text, kind text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
declare
  per_minute constant integer := case kind when 'accepted' then 5 else 10 end;
  per_hour constant integer := case kind when 'accepted' then 20 else 60 end;
  freeing_minute timestamptz;
  freeing_hour timestamptz;
begin
  -- The event that must leave a window before another fits: the per_minute-th newest of this kind
  -- in the last minute, the per_hour-th newest in the last hour.
  select e.counted_at into freeing_minute
    from public.contact_rate_events as e
   where e.client_key = contact_rate_limit_free_at.client_key
     and e.kind = contact_rate_limit_free_at.kind
     and e.counted_at > now() - interval '1 minute'
   order by e.counted_at desc
   offset per_minute - 1 limit 1;
  select e.counted_at into freeing_hour
    from public.contact_rate_events as e
   where e.client_key = contact_rate_limit_free_at.client_key
     and e.kind = contact_rate_limit_free_at.kind
     and e.counted_at > now() - interval '1 hour'
   order by e.counted_at desc
   offset per_hour - 1 limit 1;
  return greatest(freeing_minute + interval '1 minute', freeing_hour + interval '1 hour');
end;
$$;

-- Counts one event of `kind` for `client_key` when its limits allow it and answers 0, or answers
-- the seconds to wait and counts nothing. A transaction-scoped advisory lock per key serialises
-- concurrent calls for one client, so two instances cannot both take the last place.
create function public.consume_contact_rate_event(client_key text, kind text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  wait_until timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('contact_rate_limit:' || client_key, 0));

  delete from public.contact_rate_events as e
   where e.client_key = consume_contact_rate_event.client_key
     and e.counted_at <= now() - interval '1 hour';
  -- Now and then, the rows of clients that have not come back.
  if random() < 0.01 then
    delete from public.contact_rate_events as e where e.counted_at <= now() - interval '1 hour';
  end if;

  wait_until := public.contact_rate_limit_free_at(client_key, kind);
  if wait_until is not null then
    return greatest(1, ceil(extract(epoch from wait_until - now()))::integer);
  end if;

  insert into public.contact_rate_events (client_key, kind)
  values (consume_contact_rate_event.client_key, consume_contact_rate_event.kind);
  return 0;
end;
$$;

-- Same name and answer as before (an edge function deployed before this migration keeps working),
-- now counting accepted messages only.
create or replace function public.consume_contact_rate_limit(client_key text)
returns integer
language sql
set search_path = ''
as $$
  select public.consume_contact_rate_event(client_key, 'accepted');
$$;

create function public.count_contact_captcha_failure(client_key text)
returns integer
language sql
set search_path = ''
as $$
  select public.consume_contact_rate_event(client_key, 'captcha_failed');
$$;

-- Seconds until a message from this client could be accepted and its captcha checked (either
-- kind's limit may hold it), or 0. Counts nothing.
create function public.contact_rate_limit_wait(client_key text)
returns integer
language sql
stable
set search_path = ''
as $$
  select case when free_at is null then 0
              else greatest(1, ceil(extract(epoch from free_at - now()))::integer) end
    from greatest(
      public.contact_rate_limit_free_at(client_key, 'accepted'),
      public.contact_rate_limit_free_at(client_key, 'captcha_failed')
    ) as free_at;
$$;

comment on function public.consume_contact_rate_limit(text) is
  'Counts one accepted contact message for a client and answers 0, or answers the seconds to wait (5 a minute, 20 an hour).';
comment on function public.count_contact_captcha_failure(text) is
  'Counts one failed captcha for a client and answers 0, or answers the seconds to wait (10 a minute, 60 an hour, apart from accepted messages).';
comment on function public.contact_rate_limit_wait(text) is
  'Seconds until a client may send a message (either limit), or 0; counts nothing.';

revoke all on function public.contact_rate_limit_free_at(text, text) from public, anon, authenticated;
revoke all on function public.consume_contact_rate_event(text, text) from public, anon, authenticated;
revoke all on function public.count_contact_captcha_failure(text) from public, anon, authenticated;
revoke all on function public.contact_rate_limit_wait(text) from public, anon, authenticated;
grant execute on function public.contact_rate_limit_free_at(text, text) to service_role;
grant execute on function public.consume_contact_rate_event(text, text) to service_role;
grant execute on function public.count_contact_captcha_failure(text) to service_role;
grant execute on function public.contact_rate_limit_wait(text) to service_role;

reset statement_timeout;
reset lock_timeout;
