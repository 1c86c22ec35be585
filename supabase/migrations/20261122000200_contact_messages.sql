-- Contact messages sent from the website's form (issue 5).
--
-- Only the service role reads or writes them: the edge function send-contact-message (hosted) or
-- the site's server (embedded PGlite) run `set local role service_role` inside a transaction.
-- Visitors never reach these tables: row-level security is on and anon/authenticated hold no
-- privilege and no policy.
--
-- A message is stored before anything else is attempted; its notification email is an outbox
-- row state: 'pending' (to send at next_attempt_at), 'sent' (notified_at set) or 'failed'
-- (the sender gave up after its maximum attempts; the message itself is kept).
-- A sender claims a due row by moving next_attempt_at forward (a lease) in one UPDATE ...
-- RETURNING, so two workers never send the same message, and a crash mid-send only delays it.

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) between 3 and 254),
  phone text not null check (char_length(phone) between 7 and 25),
  service text not null default '' check (char_length(service) <= 100),
  message text not null check (char_length(message) between 1 and 5000),
  created_at timestamptz not null default now(),
  remote_ip text check (remote_ip is null or char_length(remote_ip) <= 100),
  notification_status text not null default 'pending'
    check (notification_status in ('pending', 'sent', 'failed')),
  notification_attempts integer not null default 0 check (notification_attempts >= 0),
  notification_last_error text check (
    notification_last_error is null or char_length(notification_last_error) <= 1000
  ),
  notified_at timestamptz,
  next_attempt_at timestamptz default now(),
  check ((notification_status = 'sent') = (notified_at is not null))
);

comment on table public.contact_messages is
  'Messages from the contact form. Service role only; the notification email is an outbox state.';

-- The sender's queue: pending rows by due time.
create index contact_messages_due_idx
  on public.contact_messages (next_attempt_at)
  where notification_status = 'pending';

-- The owner's listing: newest first.
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

-- Captcha tokens already spent. hCaptcha tokens are single-use and expire after about two
-- minutes; recording a SHA-256 of each accepted token (never the token) lets us refuse a replay
-- even if the provider were to accept a token twice. The row is written in the same transaction
-- as the message, so a replay stores nothing. Rows older than a day are pruned on insert.
create table public.captcha_tokens_used (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  used_at timestamptz not null default now()
);

create index captcha_tokens_used_used_at_idx on public.captcha_tokens_used (used_at);

comment on table public.captcha_tokens_used is
  'SHA-256 of accepted captcha tokens, to refuse replays. Service role only; pruned after a day.';

alter table public.contact_messages enable row level security;
alter table public.captcha_tokens_used enable row level security;

-- Supabase grants every new public table to anon and authenticated by default: take it back.
revoke all on table public.contact_messages from public, anon, authenticated;
revoke all on table public.captcha_tokens_used from public, anon, authenticated;

grant select, insert, update, delete on table public.contact_messages to service_role;
grant select, insert, delete on table public.captcha_tokens_used to service_role;

-- service_role bypasses RLS on Supabase; these policies keep it working where it does not.
create policy contact_messages_service_role on public.contact_messages
  for all to service_role using (true) with check (true);

create policy captcha_tokens_used_service_role on public.captcha_tokens_used
  for all to service_role using (true) with check (true);
