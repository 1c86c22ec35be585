-- The contact path's figures for the owner's report (`npm run report`, the owner's page), read
-- through a channel the mail does not carry: messages stored and notified, those still waiting for
-- their notification and when the oldest of them arrived, and those whose notification failed for
-- good, counted by the class of their last error. The class is the transport's error code or the
-- mail API's HTTP status (`ECONNREFUSED`, `EAUTH`, `HTTP 401`, `TimeoutError`), never the error's
-- text, so nothing of a message or an address reaches the report.

set lock_timeout = '5s';
set statement_timeout = '60s';

create function public.contact_notification_report()
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

reset statement_timeout;
reset lock_timeout;
