-- Issue 36: no lead lost to a wrong setting.
-- - captcha_problem: a message whose captcha the site could not check (its hCaptcha secret or
--   site key wrong, hCaptcha out of reach) is kept with the reason, for the owner to judge, instead
--   of being refused: the operator's fault is never the visitor's.
-- - submission_id: made by the browser once per message; a resend after a lost answer (same id,
--   same fields) is recognised and stored and notified once.
-- - contact_rate_limit_wait: asks the accepted-messages limit only. Refused captchas keep their own
--   limit, which the contact core now applies to further refused tokens alone, so a bot sending
--   bad tokens from an address no longer locks a real visitor there out for a minute.

set lock_timeout = '5s';
set statement_timeout = '60s';

alter table public.contact_messages add column submission_id uuid;
-- A new column holds no row yet: its check costs no scan.
alter table public.contact_messages
  add column captcha_problem text
  constraint contact_messages_captcha_problem_length
  check (captcha_problem is null or char_length(captcha_problem) <= 300);

comment on column public.contact_messages.submission_id is
  'Made by the browser once per message: a resend of the same message stores nothing new.';
comment on column public.contact_messages.captcha_problem is
  'Why the captcha could not be checked (the site''s settings or hCaptcha out of reach), or null when it passed.';

-- The table holds a company's messages (thousands, not millions): built in the migration's
-- transaction, it locks writes for milliseconds.
-- squawk-ignore require-concurrent-index-creation
create unique index contact_messages_submission_id_key
  on public.contact_messages (submission_id)
  where submission_id is not null;

create or replace function public.contact_rate_limit_wait(client_key text)
returns integer
language sql
stable
set search_path = ''
as $$
  select case when free_at is null then 0
              else greatest(1, ceil(extract(epoch from free_at - now()))::integer) end
    from public.contact_rate_limit_free_at(client_key, 'accepted') as free_at;
$$;

comment on function public.contact_rate_limit_wait(text) is
  'Seconds until a client may send another accepted message, or 0; counts nothing.';

reset statement_timeout;
reset lock_timeout;
