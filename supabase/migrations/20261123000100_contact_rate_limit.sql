-- The contact form's rate limit, kept in the database so that every server instance and the
-- edge function count the same messages, and a restart forgets nothing: 5 messages a minute and
-- 20 an hour per client (an IPv4 address, an IPv6 /64, or 'unknown').
--
-- consume_contact_rate_limit(key) counts one message for `key` when both limits allow it and
-- answers 0, or answers how many seconds to wait and counts nothing. A transaction-scoped
-- advisory lock per key serialises concurrent calls for one client, so two instances cannot both
-- take the last place. Service role only, like the messages themselves.

create table public.contact_rate_events (
  client_key text not null check (char_length(client_key) between 1 and 100),
  counted_at timestamptz not null default now()
);

comment on table public.contact_rate_events is
  'One row per contact message counted against a client''s rate limit; rows older than an hour are pruned.';

create index contact_rate_events_key_idx
  on public.contact_rate_events (client_key, counted_at desc);
create index contact_rate_events_counted_at_idx on public.contact_rate_events (counted_at);

alter table public.contact_rate_events enable row level security;
revoke all on table public.contact_rate_events from public, anon, authenticated;
grant select, insert, delete on table public.contact_rate_events to service_role;
create policy contact_rate_events_service_role on public.contact_rate_events
  for all to service_role using (true) with check (true);

create function public.consume_contact_rate_limit(client_key text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  per_minute constant integer := 5;
  per_hour constant integer := 20;
  freeing_minute timestamptz;
  freeing_hour timestamptz;
  wait_until timestamptz;
begin
  perform pg_advisory_xact_lock(hashtextextended('contact_rate_limit:' || client_key, 0));

  delete from public.contact_rate_events as e
   where e.client_key = consume_contact_rate_limit.client_key
     and e.counted_at <= now() - interval '1 hour';
  -- Now and then, the rows of clients that have not come back.
  if random() < 0.01 then
    delete from public.contact_rate_events as e where e.counted_at <= now() - interval '1 hour';
  end if;

  -- The call that must leave a window before another fits: the per_minute-th newest in the
  -- last minute, the per_hour-th newest in the last hour.
  select e.counted_at into freeing_minute
    from public.contact_rate_events as e
   where e.client_key = consume_contact_rate_limit.client_key
     and e.counted_at > now() - interval '1 minute'
   order by e.counted_at desc
   offset per_minute - 1 limit 1;
  select e.counted_at into freeing_hour
    from public.contact_rate_events as e
   where e.client_key = consume_contact_rate_limit.client_key
     and e.counted_at > now() - interval '1 hour'
   order by e.counted_at desc
   offset per_hour - 1 limit 1;

  wait_until := greatest(freeing_minute + interval '1 minute', freeing_hour + interval '1 hour');
  if wait_until is not null then
    return greatest(1, ceil(extract(epoch from wait_until - now()))::integer);
  end if;

  insert into public.contact_rate_events (client_key) values (consume_contact_rate_limit.client_key);
  return 0;
end;
$$;

comment on function public.consume_contact_rate_limit(text) is
  'Counts one contact message for a client and answers 0, or answers the seconds to wait (5 a minute, 20 an hour).';

revoke all on function public.consume_contact_rate_limit(text) from public, anon, authenticated;
grant execute on function public.consume_contact_rate_limit(text) to service_role;
