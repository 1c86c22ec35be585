-- The owner's digest (issue 36): when notifications have waited past a threshold, or failed for
-- good, the delivery pass mails the owner one summary, at most once a period. Every server
-- instance and the edge function run delivery passes, so the last sending is kept here: a pass
-- takes the digest by moving next_due_at forward in one UPDATE ... RETURNING, and only the pass
-- that moved it sends.
--
-- A message that failed for good is listed in one digest only (contact_owner_digest_reported);
-- messages still pending are listed in each digest while they wait. Service role only, like the
-- messages themselves.

set lock_timeout = '5s';
set statement_timeout = '60s';

create table public.contact_owner_digest (
  -- One row: the digest's state.
  singleton boolean primary key default true check (singleton),
  next_due_at timestamptz not null default '-infinity',
  last_sent_at timestamptz,
  last_attempt_at timestamptz,
  last_error text check (last_error is null or char_length(last_error) <= 1000)
);

comment on table public.contact_owner_digest is
  'When the owner''s digest of waiting notifications was last sent, and when it may go again. Service role only.';

-- No foreign key to contact_messages: one would stop `truncate public.contact_messages` (the
-- tests, an operator's reset); the id of a message deleted later is simply never listed again.
create table public.contact_owner_digest_reported (
  message_id uuid primary key,
  reported_at timestamptz not null default now()
);

comment on table public.contact_owner_digest_reported is
  'Messages whose failed notification a digest has already named. Service role only.';

alter table public.contact_owner_digest enable row level security;
alter table public.contact_owner_digest_reported enable row level security;

revoke all on table public.contact_owner_digest from public, anon, authenticated;
revoke all on table public.contact_owner_digest_reported from public, anon, authenticated;

-- Its one row is made by the first claim: a data-only restore then brings it back without a clash.
grant select, insert, update on table public.contact_owner_digest to service_role;
grant select, insert on table public.contact_owner_digest_reported to service_role;

create policy contact_owner_digest_service_role on public.contact_owner_digest
  for all to service_role using (true) with check (true);

create policy contact_owner_digest_reported_service_role on public.contact_owner_digest_reported
  for all to service_role using (true) with check (true);
