-- Issue 24: how real visitors fare, privately. One row per beacon a browser sends when a page is
-- hidden or left (src/features/field-vitals/): the route pattern (never the URL), a device class,
-- the navigation type, the Web Vitals of a first load, the slow interaction's element selector,
-- taps made before the app had started, and tel:/mailto: taps. No address, no identifier, nothing
-- that ties two rows to one person. Contact messages record the page that brought the visitor
-- (route pattern) and the referrer's host.
--
-- Only service_role reads or writes any of it: the site's server writes through
-- record_page_views() (embedded: in-process as service_role; Supabase: the secret key's RPC), and
-- `npm run report` and the owner's page read site_report(). Kept 13 months:
-- prune_site_analytics() deletes older rows (embedded: the server runs it daily; Supabase: the job
-- in supabase/schedule-contact-delivery.sql).

-- contact_messages is altered below: wait briefly for its lock rather than queue every writer.
set local lock_timeout = '5s';
set local statement_timeout = '60s';

create table public.page_views (
  id bigint generated always as identity primary key,
  received_at timestamptz not null default now(),
  route text not null check (route = '404' or route ~ '^/[A-Za-z0-9/$._-]{0,99}$'),
  navigation text not null check (navigation in ('load', 'client')),
  device text not null check (device in ('phone', 'tablet', 'desktop')),
  connection text check (connection in ('slow-2g', '2g', '3g', '4g')),
  -- false for a later beacon of a view already counted (taps made after the page came back).
  new_view boolean not null,
  lcp_ms double precision check (lcp_ms between 0 and 600000),
  inp_ms double precision check (inp_ms between 0 and 600000),
  cls double precision check (cls between 0 and 100),
  fcp_ms double precision check (fcp_ms between 0 and 600000),
  ttfb_ms double precision check (ttfb_ms between 0 and 600000),
  inp_target text check (char_length(inp_target) <= 200),
  early_taps bigint not null default 0 check (early_taps between 0 and 100),
  early_taps_dropped bigint not null default 0 check (early_taps_dropped between 0 and early_taps),
  tel_taps bigint not null default 0 check (tel_taps between 0 and 100),
  mailto_taps bigint not null default 0 check (mailto_taps between 0 and 100)
);

comment on table public.page_views is
  'Field Web Vitals and taps per page view, by route pattern. No identifiers. Service role only; kept 13 months.';

create index page_views_received_at_idx on public.page_views (received_at);

alter table public.page_views enable row level security;
revoke all on table public.page_views from public, anon, authenticated;
grant select, insert, delete on table public.page_views to service_role;
create policy page_views_service_role on public.page_views
  for all to service_role using (true) with check (true);

-- Where a lead came from: the route pattern of the page that led to the form, and the host of a
-- referrer on another site. Null when unknown.
alter table public.contact_messages add column source_route text;
alter table public.contact_messages add column referrer_host text;
alter table public.contact_messages
  add constraint contact_messages_source_route_check
  check (source_route is null or source_route ~ '^/[A-Za-z0-9/$._-]{0,99}$') not valid;
alter table public.contact_messages
  add constraint contact_messages_referrer_host_check
  check (referrer_host is null or referrer_host ~ '^[a-z0-9.-]{1,253}$') not valid;
-- Not validated: every existing row holds nulls, and new rows are checked all the same.

-- A batch of beacons (a JSON array of objects with the columns' names), as the server collected
-- them; the table's checks refuse the whole batch if one row is out of range. Answers the count.
create function public.record_page_views(views jsonb)
returns integer
language sql
set search_path = ''
as $$
  with inserted as (
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
      early_taps_dropped bigint, tel_taps bigint, mailto_taps bigint
    )
    returning 1
  )
  select count(*)::integer from inserted
$$;

-- The owner's report for the last `days` days, per route: views, the 75th percentile of each
-- vital (continuous, as percentile_cont computes it), taps before the app started and how many
-- were dropped, calls and emails (tel:/mailto: taps), leads (contact messages whose source is the
-- route), and the five most frequent elements of interactions slower than 200 ms.
create function public.site_report(days integer default 28)
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
  per_route as (
    select
      w.route,
      count(*) filter (where w.new_view) as views,
      count(*) filter (where w.new_view and w.navigation = 'load') as loads,
      percentile_cont(0.75) within group (order by w.lcp_ms) as lcp_p75,
      percentile_cont(0.75) within group (order by w.inp_ms) as inp_p75,
      percentile_cont(0.75) within group (order by w.cls) as cls_p75,
      percentile_cont(0.75) within group (order by w.fcp_ms) as fcp_p75,
      percentile_cont(0.75) within group (order by w.ttfb_ms) as ttfb_p75,
      count(w.lcp_ms) as lcp_samples,
      count(w.inp_ms) as inp_samples,
      count(*) filter (where w.early_taps > 0) as views_with_early_taps,
      coalesce(sum(w.early_taps), 0) as early_taps,
      coalesce(sum(w.early_taps_dropped), 0) as early_taps_dropped,
      coalesce(sum(w.tel_taps), 0) as calls,
      coalesce(sum(w.mailto_taps), 0) as emails
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
  )
  select jsonb_build_object(
    'days', site_report.days,
    'generatedAt', now(),
    'routes', coalesce(jsonb_agg(
      jsonb_build_object(
        'route', coalesce(r.route, l.route),
        'views', coalesce(r.views, 0),
        'loads', coalesce(r.loads, 0),
        'lcpP75', r.lcp_p75,
        'inpP75', r.inp_p75,
        'clsP75', r.cls_p75,
        'fcpP75', r.fcp_p75,
        'ttfbP75', r.ttfb_p75,
        'lcpSamples', coalesce(r.lcp_samples, 0),
        'inpSamples', coalesce(r.inp_samples, 0),
        'viewsWithEarlyTaps', coalesce(r.views_with_early_taps, 0),
        'earlyTaps', coalesce(r.early_taps, 0),
        'earlyTapsDropped', coalesce(r.early_taps_dropped, 0),
        'calls', coalesce(r.calls, 0),
        'emails', coalesce(r.emails, 0),
        'leads', coalesce(l.leads, 0),
        'slowInpTargets', coalesce(s.targets, '[]'::jsonb)
      )
      order by coalesce(r.views, 0) desc, coalesce(r.route, l.route)
    ), '[]'::jsonb)
  )
  from per_route as r
  full join leads as l on l.route = r.route
  left join slow_targets as s on s.route = coalesce(r.route, l.route)
$$;

-- 13 months, then gone: page views, and the lead source kept beside a contact message (the
-- message itself follows the contact retention of the privacy policy). Answers rows changed.
create function public.prune_site_analytics()
returns integer
language plpgsql
set search_path = ''
as $$
declare
  removed integer;
  cleared integer;
begin
  delete from public.page_views where received_at < now() - interval '13 months';
  get diagnostics removed = row_count;
  update public.contact_messages
     set source_route = null, referrer_host = null
   where created_at < now() - interval '13 months'
     and (source_route is not null or referrer_host is not null);
  get diagnostics cleared = row_count;
  return removed + cleared;
end
$$;

revoke all on function public.record_page_views(jsonb) from public, anon, authenticated;
revoke all on function public.site_report(integer) from public, anon, authenticated;
revoke all on function public.prune_site_analytics() from public, anon, authenticated;
grant execute on function public.record_page_views(jsonb) to service_role;
grant execute on function public.site_report(integer) to service_role;
grant execute on function public.prune_site_analytics() to service_role;
