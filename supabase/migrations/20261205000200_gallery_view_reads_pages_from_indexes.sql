-- Issue 53: a never-seen gallery page at 20,000 projects took 85 ms (53-182) against 50; a view's
-- count(*) compared every title with '' in ICU's collation (15-37 ms), and the planner sorted
-- whole views rather than read the page from its index. Figures: docs/decisions/048.
--
-- Whether a row can be shown (a title and a filename that are not whitespace only, as the site's
-- trim() decides) is worked out once per row, in bytes: ICU took a title of ignorable characters
-- for blank, which the site does not.

set lock_timeout = '5s';
set statement_timeout = '60s';

alter table public.gallery_images
  add column shown boolean not null
    -- squawk-ignore adding-field-with-default
    generated always as (
      btrim(title, E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF') <> ''
      and btrim(filename, E'\t\n\u000B\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF') <> ''
    ) stored;

comment on column public.gallery_images.shown is
  'Whether the gallery can show the row: a title and a filename that are not whitespace only.';

create or replace function public.gallery_view(
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
-- The planner prices an ICU comparison as a byte comparison, so it would sort the whole view
-- (20,000 ICU comparisons and more) where walking the sort's index to the page costs a few ms.
set enable_sort = off
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
  -- $1 the category, $2 the needle. U+0001 separates the fields of search_text, so no needle
  -- may hold it.
  listed text := format(
    'from public.gallery_images where shown and ($1 = ''all'' or category = $1)'
    ' and ($2 = '''' or (strpos(search_text, $2) > 0 and strpos($2, %L) = 0))',
    E'\u0001'
  );
  project_row text := 'to_jsonb(image) - array[''sort_title'', ''sort_location'', ''search_text'', ''shown'']';
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

reset statement_timeout;
reset lock_timeout;
