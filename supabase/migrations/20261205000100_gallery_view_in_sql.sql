-- Issue 53: a gallery view is answered by the database, not by a copy of every project in the
-- server's memory. gallery_view() filters (category, a search on title, description or category),
-- sorts (featured, newest, alphabetical, location), and returns one page of the view with its
-- total, and the open project with its neighbours in the whole view (wrapping around).
--
-- The answers are those the site gave when it sorted in memory (selectGalleryView, checked by
-- src/server/gallery/gallery-view-sql.property.test.ts on PGlite 17 and 18 and PostgreSQL 15):
-- - text sorts as Intl.Collator('en-CA') does: ICU's en-CA, nondeterministic so that texts ICU
--   finds equal tie and fall to the next key, as in a stable sort (the rows come ordered by id);
-- - the search lowercases as ICU does (not as the database's C locale, which knows only ASCII);
-- - a title or location is compared without the whitespace JavaScript's trim() removes, a blank
--   location is 'Toronto', and newest compares milliseconds (a JavaScript Date's precision);
-- - a row the site cannot show (a title or filename of whitespace only) is in no view.
-- It runs as its caller (security invoker): the gallery's grants and row level security apply.

set lock_timeout = '5s';
set statement_timeout = '60s';

create collation public.gallery_text (provider = icu, locale = 'en-CA', deterministic = false);

comment on collation public.gallery_text is
  'How the gallery sorts text: as Intl.Collator(''en-CA''), texts it finds equal tie.';

-- What the view sorts and searches by, worked out once per row rather than on every answer
-- (ICU's lowercasing of 20,000 rows took 80-130 ms a query). The trimmed characters are what
-- String.prototype.trim() removes: whitespace and line terminators.
-- The table is rewritten under its lock: a gallery's few thousand rows, in well under a second
-- (the site keeps serving the pages it has answered meanwhile).
alter table public.gallery_images
  add column sort_title text collate public.gallery_text
    -- squawk-ignore adding-field-with-default
    generated always as (btrim(title, E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF')) stored,
  add column sort_location text collate public.gallery_text
    -- squawk-ignore adding-field-with-default
    generated always as (coalesce(nullif(btrim(location, E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'), ''), 'Toronto')) stored,
  add column search_text text
    -- squawk-ignore adding-field-with-default
    generated always as (
      lower(title collate "und-x-icu") || E'\u0001'
      || lower(coalesce(description, '') collate "und-x-icu") || E'\u0001'
      || lower(category collate "und-x-icu")
    ) stored;

comment on column public.gallery_images.sort_title is
  'The title as the gallery sorts it (trimmed, in the collation gallery_text).';
comment on column public.gallery_images.sort_location is
  'The location as the gallery sorts it (trimmed; blank is Toronto).';
comment on column public.gallery_images.search_text is
  'Title, description and category lowercased, for the gallery''s search; U+0001 between them.';

create function public.gallery_view(
  view_category text default 'all',
  view_sort text default 'featured',
  view_q text default '',
  view_page integer default 1,
  open_project text default null,
  page_size integer default 12
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with asked as (
    select
      lower(btrim(coalesce(view_q, ''), E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF') collate "und-x-icu") as needle,
      greatest(1, least(coalesce(page_size, 12), 100)) as size
  ),
  ordered as (
    select
      image.id,
      (row_number() over (
        order by
          case when view_sort = 'featured' then image.featured end desc,
          case when view_sort = 'featured' then image."order" end,
          case when view_sort = 'newest' then date_trunc('milliseconds', image.created_at) end desc,
          case when view_sort = 'location' then image.sort_location end,
          image.sort_title,
          image.id
      ) - 1)::integer as position
    from public.gallery_images as image, asked
    where (coalesce(view_category, 'all') = 'all' or image.category = view_category)
      and image.sort_title <> ''
      and btrim(image.filename, E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF') <> ''
      and (
        asked.needle = ''
        or (strpos(image.search_text, asked.needle) > 0 and strpos(asked.needle, E'\u0001') = 0)
      )
  ),
  counted as (
    select
      listed.total,
      greatest(1, ceil(listed.total::numeric / asked.size))::integer as page_count,
      asked.size
    from asked, (select count(*)::integer as total from ordered) as listed
  ),
  shown as (
    select
      counted.*,
      least(greatest(coalesce(view_page, 1), 1), counted.page_count) as page
    from counted
  ),
  opened as (
    select ordered.position from ordered where ordered.id::text = open_project
  ),
  answer_rows as (
    select
      ordered.position,
      to_jsonb(image) - array['sort_title', 'sort_location', 'search_text'] as project
    from ordered
    join public.gallery_images as image on image.id = ordered.id
    cross join shown
    where (ordered.position >= (shown.page - 1) * shown.size and ordered.position < shown.page * shown.size)
      or ordered.position in (
        select opened.position from opened
        union all
        select (opened.position + steps.step + shown.total) % shown.total
        from opened, (values (-1), (1)) as steps (step)
        where shown.total > 1
      )
  )
  select jsonb_build_object(
    'total', shown.total,
    'page', shown.page,
    'page_count', shown.page_count,
    'items', coalesce((
      select jsonb_agg(answer_rows.project order by answer_rows.position)
      from answer_rows
      where answer_rows.position >= (shown.page - 1) * shown.size
        and answer_rows.position < shown.page * shown.size
    ), '[]'::jsonb),
    'project', (
      select answer_rows.project from answer_rows, opened
      where answer_rows.position = opened.position
    ),
    'previous', (
      select answer_rows.project from answer_rows, opened
      where shown.total > 1
        and answer_rows.position = (opened.position - 1 + shown.total) % shown.total
    ),
    'next', (
      select answer_rows.project from answer_rows, opened
      where shown.total > 1
        and answer_rows.position = (opened.position + 1) % shown.total
    )
  )
  from shown
$$;

comment on function public.gallery_view(text, text, text, integer, text, integer) is
  'One page of a gallery view (category, sort, search) with its total, and the open project with its neighbours in the whole view.';

-- The site reads the gallery as anon (the publishable key), and nothing else calls this.
revoke all on function public.gallery_view(text, text, text, integer, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.gallery_view(text, text, text, integer, text, integer) to anon;

reset statement_timeout;
reset lock_timeout;
