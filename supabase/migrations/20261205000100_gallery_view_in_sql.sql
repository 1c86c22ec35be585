-- Issue 53: a gallery view is answered by the database, not by a copy of every project in the
-- server's memory. gallery_view() filters (category, a search on title, description or category),
-- sorts (featured, newest, alphabetical, location), and returns one page of the view with its
-- total, and the open project with its neighbours in the whole view (wrapping around).
--
-- The answers are those the site gave when it sorted in memory (selectGalleryView, checked by
-- src/features/gallery/server/gallery-view-sql.property.test.ts on PGlite 17 and 18 and PostgreSQL 15):
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

-- One index per sort, in the sort's order: a page is read from it (ORDER BY ... LIMIT ... OFFSET)
-- instead of sorting the whole view, and ICU's comparisons are made when a row is written.
-- squawk-ignore require-concurrent-index-creation
create index gallery_images_featured_idx
  on public.gallery_images (featured desc, "order", sort_title, id);
-- squawk-ignore require-concurrent-index-creation
create index gallery_images_newest_idx
  on public.gallery_images (date_trunc('milliseconds', created_at at time zone 'UTC') desc, sort_title, id);
-- squawk-ignore require-concurrent-index-creation
create index gallery_images_title_idx on public.gallery_images (sort_title, id);
-- squawk-ignore require-concurrent-index-creation
create index gallery_images_location_idx on public.gallery_images (sort_location, sort_title, id);

create function public.gallery_view(
  view_category text default 'all',
  view_sort text default 'featured',
  view_q text default '',
  view_page integer default 1,
  open_project text default null,
  page_size integer default 12
)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  needle text := lower(btrim(coalesce(view_q, ''), E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF') collate "und-x-icu");
  size integer := greatest(1, least(coalesce(page_size, 12), 100));
  -- Every key ends with id, so no two rows tie: the order of a stable sort of rows read by id.
  ordering text := case view_sort
    when 'featured' then 'featured desc, "order", sort_title, id'
    when 'newest' then 'date_trunc(''milliseconds'', created_at at time zone ''UTC'') desc, sort_title, id'
    when 'location' then 'sort_location, sort_title, id'
    else 'sort_title, id'
  end;
  -- $1 the category, $2 the needle. A row the site cannot show (a title or filename of whitespace
  -- only) is in no view; U+0001 separates the fields of search_text, so no needle may hold it.
  listed text := format(
    'from public.gallery_images where ($1 = ''all'' or category = $1) and sort_title <> '''''
    ' and btrim(filename, %L) <> '''' and ($2 = '''' or (strpos(search_text, $2) > 0 and strpos($2, %L) = 0))',
    E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF', E'\u0001'
  );
  project_row text := 'to_jsonb(image) - array[''sort_title'', ''sort_location'', ''search_text'']';
  total integer;
  page_count integer;
  shown_page integer;
  items jsonb;
  opened record;
  project jsonb;
  previous jsonb;
  next jsonb;
begin
  view_category := coalesce(view_category, 'all');
  execute 'select count(*)::integer ' || listed into total using view_category, needle;
  page_count := greatest(1, ceil(total::numeric / size))::integer;
  shown_page := least(greatest(coalesce(view_page, 1), 1), page_count);

  execute format(
    'select coalesce(jsonb_agg(%s order by %s), ''[]''::jsonb) from (select * %s order by %s limit $3 offset $4) as image',
    project_row, ordering, listed, ordering
  ) into items using view_category, needle, size, (shown_page - 1) * size;

  if open_project is not null then
    execute format(
      'select id, position, before, after from (select id, row_number() over w - 1 as position,'
      ' lag(id) over w as before, lead(id) over w as after %s window w as (order by %s)) as ranked'
      ' where id::text = $3',
      listed, ordering
    ) into opened using view_category, needle, open_project;
    if opened.id is not null then
      execute format('select %s from public.gallery_images as image where id = $1', project_row)
        into project using opened.id;
      if total > 1 then
        -- Wrapping: before the first is the last, after the last the first.
        if opened.before is null then
          execute format('select id %s order by %s limit 1 offset $3', listed, ordering)
            into opened.before using view_category, needle, total - 1;
        end if;
        if opened.after is null then
          execute format('select id %s order by %s limit 1', listed, ordering)
            into opened.after using view_category, needle;
        end if;
        execute format('select %s from public.gallery_images as image where id = $1', project_row)
          into previous using opened.before;
        execute format('select %s from public.gallery_images as image where id = $1', project_row)
          into next using opened.after;
      end if;
    end if;
  end if;

  return jsonb_build_object(
    'total', total,
    'page', shown_page,
    'page_count', page_count,
    'items', items,
    'project', project,
    'previous', previous,
    'next', next
  );
end;
$$;

comment on function public.gallery_view(text, text, text, integer, text, integer) is
  'One page of a gallery view (category, sort, search) with its total, and the open project with its neighbours in the whole view.';

-- The site reads the gallery as anon (the publishable key), and nothing else calls this.
revoke all on function public.gallery_view(text, text, text, integer, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.gallery_view(text, text, text, integer, text, integer) to anon;

reset statement_timeout;
reset lock_timeout;
