-- Issue 52: errors in visitors' browsers reach the owner. An error the site's own code did not
-- catch on one of its pages (an uncaught exception or an unhandled rejection) comes with the page
-- views' beacons (src/features/field-vitals/report-errors.ts, POST /api/vitals): the route
-- pattern, the message (no URL query, e-mail addresses and phone numbers taken out, at most 200
-- characters) and where in the site's scripts it was thrown. No address, no identifier.
--
-- record_page_views() keeps such a row apart, in page_errors, in the same call and transaction as
-- the views of its batch; site_report() counts them per route with the commonest messages;
-- prune_site_analytics() deletes them after 13 months, as it does page views. Service role only.

set lock_timeout = '5s';
set statement_timeout = '60s';

create table public.page_errors (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  route text not null check (route = '404' or route ~ '^/[A-Za-z0-9/$._-]{0,99}$'),
  message text not null check (char_length(message) between 1 and 200),
  source text check (source ~ '^/[A-Za-z0-9_./-]{0,100}:[0-9]{1,7}:[0-9]{1,7}$')
);

comment on table public.page_errors is
  'Uncaught errors on the site''s pages, by route pattern. No identifiers. Service role only; kept 13 months.';

create index page_errors_received_at_idx on public.page_errors (received_at);

alter table public.page_errors enable row level security;
revoke all on table public.page_errors from public, anon, authenticated;
revoke all on sequence public.page_errors_id_seq from public, anon, authenticated;
grant select, insert, delete on table public.page_errors to service_role;
create policy page_errors_service_role on public.page_errors
  for all to service_role using (true) with check (true);

-- A batch of beacons: a row with an `error_message` is a page's error, any other a page view (as
-- in 20261125000100). One statement: the table's checks refuse the whole batch if one row is out
-- of range. Answers the count of rows written.
create or replace function public.record_page_views(views jsonb)
returns integer
language sql
set search_path = ''
as $$
  with inserted_views as (
    insert into public.page_views (
      route, navigation, device, connection, new_view, lcp_ms, inp_ms, cls, fcp_ms, ttfb_ms,
      inp_target, early_taps, early_taps_dropped, tel_taps, mailto_taps
    )
    select
      v.route, v.navigation, v.device, v.connection, v.new_view, v.lcp_ms, v.inp_ms, v.cls,
      v.fcp_ms, v.ttfb_ms, v.inp_target, coalesce(v.early_taps, 0),
      coalesce(v.early_taps_dropped, 0), coalesce(v.tel_taps, 0), coalesce(v.mailto_taps, 0)
    from jsonb_to_recordset(views) as v (
      route text, navigation text, device text, connection text, new_view boolean, lcp_ms double precision,
      inp_ms double precision, cls double precision, fcp_ms double precision, ttfb_ms double precision, inp_target text, early_taps bigint,
      early_taps_dropped bigint, tel_taps bigint, mailto_taps bigint, error_message text
    )
    where v.error_message is null
    returning 1
  ),
  inserted_errors as (
    insert into public.page_errors (route, message, source)
    select e.route, e.error_message, e.error_source
      from jsonb_to_recordset(views) as e (route text, error_message text, error_source text)
     where e.error_message is not null
    returning 1
  )
  select ((select count(*) from inserted_views) + (select count(*) from inserted_errors))::integer
$$;

-- The owner's report, as in 20261127000500, with each route's errors: how many in the window, and
-- the five commonest messages, each with its count, the place it was last thrown and when.
create or replace function public.site_report(days integer default 28)
returns jsonb
language sql
stable
set search_path = ''
as $$
  with window_views as (
    select *
      from public.page_views as pv
     where pv.received_at > now() - make_interval(days => site_report.days)
  ),
  window_errors as (
    select *
      from public.page_errors as pe
     where pe.received_at > now() - make_interval(days => site_report.days)
  ),
  per_route as (
    select
      w.route,
      count(*) filter (where w.new_view) as views,
      count(*) filter (where w.new_view and w.navigation = 'load') as loads,
      percentile_disc(0.75) within group (order by w.lcp_ms) as lcp_p75,
      percentile_disc(0.75) within group (order by w.inp_ms) as inp_p75,
      percentile_disc(0.75) within group (order by w.cls) as cls_p75,
      percentile_disc(0.75) within group (order by w.fcp_ms) as fcp_p75,
      percentile_disc(0.75) within group (order by w.ttfb_ms) as ttfb_p75,
      count(w.lcp_ms) as lcp_samples,
      count(w.inp_ms) as inp_samples,
      count(*) filter (where w.early_taps > 0) as views_with_early_taps,
      coalesce(sum(w.early_taps), 0) as early_taps,
      coalesce(sum(w.early_taps_dropped), 0) as early_taps_dropped,
      count(*) filter (where w.tel_taps > 0) as calls,
      count(*) filter (where w.mailto_taps > 0) as emails
    from window_views as w
    group by w.route
  ),
  leads as (
    select cm.source_route as route, count(*) as leads
      from public.contact_messages as cm
     where cm.created_at > now() - make_interval(days => site_report.days)
       and cm.source_route is not null
     group by cm.source_route
  ),
  error_counts as (
    select we.route, count(*) as errors
      from window_errors as we
     group by we.route
  ),
  common_errors as (
    select ranked.route,
           jsonb_agg(
             jsonb_build_object(
               'message', ranked.message, 'count', ranked.n, 'source', ranked.source,
               'lastAt', ranked.last_at
             )
             order by ranked.n desc, ranked.last_at desc
           ) as messages
      from (
        select we.route, we.message, count(*) as n, max(we.received_at) as last_at,
               (array_agg(we.source order by we.received_at desc))[1] as source,
               row_number() over (
                 partition by we.route order by count(*) desc, max(we.received_at) desc
               ) as place
          from window_errors as we
         group by we.route, we.message
      ) as ranked
     where ranked.place <= 5
     group by ranked.route
  ),
  slow_targets as (
    select ranked.route,
           jsonb_agg(
             jsonb_build_object('target', ranked.inp_target, 'count', ranked.n, 'worstMs', ranked.worst)
             order by ranked.n desc, ranked.worst desc
           ) as targets
      from (
        select w.route, w.inp_target, count(*) as n, max(w.inp_ms) as worst,
               row_number() over (partition by w.route order by count(*) desc, max(w.inp_ms) desc) as place
          from window_views as w
         where w.inp_ms > 200 and w.inp_target is not null
         group by w.route, w.inp_target
      ) as ranked
     where ranked.place <= 5
     group by ranked.route
  ),
  routes as (
    select coalesce(r.route, l.route, ec.route) as route, r.views, r.loads, r.lcp_p75, r.inp_p75,
           r.cls_p75, r.fcp_p75, r.ttfb_p75, r.lcp_samples, r.inp_samples,
           r.views_with_early_taps, r.early_taps, r.early_taps_dropped, r.calls, r.emails,
           l.leads, ec.errors
      from per_route as r
      full join leads as l on l.route = r.route
      full join error_counts as ec on ec.route = coalesce(r.route, l.route)
  )
  select jsonb_build_object(
    'days', site_report.days,
    'generatedAt', now(),
    'routes', coalesce(jsonb_agg(
      jsonb_build_object(
        'route', a.route,
        'views', coalesce(a.views, 0),
        'loads', coalesce(a.loads, 0),
        'lcpP75', a.lcp_p75,
        'inpP75', a.inp_p75,
        'clsP75', a.cls_p75,
        'fcpP75', a.fcp_p75,
        'ttfbP75', a.ttfb_p75,
        'lcpSamples', coalesce(a.lcp_samples, 0),
        'inpSamples', coalesce(a.inp_samples, 0),
        'viewsWithEarlyTaps', coalesce(a.views_with_early_taps, 0),
        'earlyTaps', coalesce(a.early_taps, 0),
        'earlyTapsDropped', coalesce(a.early_taps_dropped, 0),
        'calls', coalesce(a.calls, 0),
        'emails', coalesce(a.emails, 0),
        'leads', coalesce(a.leads, 0),
        'slowInpTargets', coalesce(s.targets, '[]'::jsonb),
        'errors', coalesce(a.errors, 0),
        'commonErrors', coalesce(ce.messages, '[]'::jsonb)
      )
      order by coalesce(a.views, 0) desc, a.route
    ), '[]'::jsonb)
  )
  from routes as a
  left join slow_targets as s on s.route = a.route
  left join common_errors as ce on ce.route = a.route
$$;

-- 13 months, then gone: page views and page errors, and the lead source kept beside a contact
-- message (as in 20261125000100). Answers rows changed.
create or replace function public.prune_site_analytics()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  removed integer;
  removed_errors integer;
  cleared integer;
begin
  delete from public.page_views where received_at < now() - interval '13 months';
  get diagnostics removed = row_count;
  delete from public.page_errors where received_at < now() - interval '13 months';
  get diagnostics removed_errors = row_count;
  update public.contact_messages
     set source_route = null, referrer_host = null
   where created_at < now() - interval '13 months'
     and (source_route is not null or referrer_host is not null);
  get diagnostics cleared = row_count;
  return removed + removed_errors + cleared;
end
$$;

-- Replaced, not created: their grants stand (service_role only); said again all the same.
revoke all on function public.record_page_views(jsonb) from public, anon, authenticated;
revoke all on function public.site_report(integer) from public, anon, authenticated;
revoke all on function public.prune_site_analytics() from public, anon, authenticated;
grant execute on function public.record_page_views(jsonb) to service_role;
grant execute on function public.site_report(integer) to service_role;
grant execute on function public.prune_site_analytics() to service_role;
