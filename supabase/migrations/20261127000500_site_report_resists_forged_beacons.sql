-- Issue 36: one address could fake the owner's figures. A beacon carried up to 100 tel: taps, so a
-- burst of 62 views added 6,200 calls; and percentile_cont interpolates between the two values
-- around the 75th rank, so one absurd value beside it moved a p75 by any amount.
-- site_report() now counts at most one call and one email per beacon (a visitor who taps again is
-- the same lead; the beacon endpoint caps taps per view and beacons per address, see
-- docs/field-data.md), and takes each p75 as percentile_disc: always a value some view measured.
-- Among n real views and k forged ones it is at most the real value at rank ceil(0.75 * (n + k)),
-- however large the forged values. Rows stored before this change are read the same way.
-- The rest of the document is unchanged.

set lock_timeout = '5s';
set statement_timeout = '60s';

-- The owner's report for the last `days` days, per route: views, the 75th percentile of each
-- vital (a value some view measured, as percentile_disc takes it), taps before the app started and
-- how many were dropped, calls and emails (beacons with a tel: or mailto: tap), leads (contact
-- messages whose source is the route), and the five most frequent elements of interactions slower
-- than 200 ms.
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
