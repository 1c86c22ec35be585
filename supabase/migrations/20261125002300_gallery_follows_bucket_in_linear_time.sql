-- Issue 23: a big bucket froze the server. The gallery followed its bucket by re-syncing the whole
-- table after every statement on storage.objects, and that sync looked up each project's further
-- photos with a scan of the bucket (a regular expression per object, per project): quadratic. With
-- 2,000 projects one changed manifest.json took 16 s of one statement (PGlite runs in the server's
-- own thread, so nothing else was answered meanwhile), with 20,000 over 12 minutes.
--
-- Now:
-- - the trigger works only on what the statement changed: the projects of the objects it added or
--   removed, found through an index on the project's key (its photo's path without the
--   extension), and the new project photos it added. Work per statement follows its own rows, so
--   a large import can go in batches (the embedded site sends batches of a few hundred and lets
--   the server answer between them) at a cost that follows the number of photos;
-- - import_gallery_images_from_storage() and sync_gallery_images_from_storage() are set-based: each
--   project's further photos come from one join of the bucket's photos by their folders, not from a
--   scan per project.
-- Results are as before, but for one thing: an upload or removal no longer puts back further
-- photos someone took out of a project's row in the table editor (only the full sync, run by
-- `npm run gallery:import`, still does).

set lock_timeout = '5s';
set statement_timeout = '60s';

-- A project's photo `<category>/<name>.<ext>` keeps its further photos under `<category>/<name>/`.
-- Not `concurrently`: a migration is one transaction (the Supabase CLI's and ours), where it cannot
-- run. The table holds one row per project, so writes wait for moments, not minutes.
-- squawk-ignore require-concurrent-index-creation
create index gallery_images_project_key
  on public.gallery_images ((regexp_replace(ltrim(filename, '/'), '\.[^./]*$', '')));

-- createdAt as the owner wrote it, or null when it is no date (a typo must not lose the project).
create function public.gallery_timestamp_or_null(value text)
returns timestamptz
language plpgsql
stable
set search_path = ''
as $$
begin
  return nullif(btrim(value), '')::timestamptz;
exception when others then
  return null;
end;
$$;

revoke all on function public.gallery_timestamp_or_null(text) from public, anon, authenticated;

-- The further photos of a project: the photos under its folder `<project_key>/`, shorter names
-- first (detail-2 before detail-10), as `gallery/<path>`. Found through Supabase Storage's index
-- name_prefix_search (name text_pattern_ops; the embedded shim has it too): the byte-wise range
-- of names that start with the folder, so each project costs a few index pages, not a scan.
create function public.gallery_photos_under(project_key text)
returns text[]
language sql
stable
set search_path = ''
as $$
  select coalesce(
    array_agg('gallery/' || photo.name order by length(photo.name), photo.name),
    '{}'
  )
  from (
    select listed.bucket_id, listed.name
    from storage.objects as listed
    where listed.name operator(pg_catalog.~>=~) (project_key || '/')
      and listed.name operator(pg_catalog.~<~) (project_key || '0')
    -- Keeps the bucket's own condition out of the scan: without statistics the planner would
    -- read the whole bucket through its (bucket_id, name) index for it, for every project.
    offset 0
  ) as photo
  where photo.bucket_id = 'gallery'
    and starts_with(photo.name, project_key || '/')
    and photo.name ~* '\.(jpe?g|png|webp|avif)$'
$$;

revoke all on function public.gallery_photos_under(text) from public, anon, authenticated;

-- Creates the rows of the project photos among `names` (all of the bucket's when null) that have
-- none, each with the photos under its folder as further photos; returns how many it created.
-- Details come from the object's user_metadata, then its metadata, as before. Every lookup goes
-- through an index, whatever the planner's row estimates (a bucket filled in one go has no
-- statistics yet, and a nested loop over it was the quadratic stall this migration ends).
create function public.import_gallery_projects(names text[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  imported integer;
begin
  with objects as (
    select object.name, object.created_at, object.metadata, object.user_metadata
    from storage.objects as object
    where names is null and object.bucket_id = 'gallery'
    union all
    select object.name, object.created_at, object.metadata, object.user_metadata
    from unnest(names) as named (name)
    cross join lateral (
      select listed.* from storage.objects as listed
      where listed.bucket_id = 'gallery' and listed.name = named.name
      offset 0 -- one index lookup per name, never a scan of the bucket
    ) as object
  ),
  candidates as (
    select
      objects.name,
      objects.created_at,
      lower(split_part(objects.name, '/', 1)) as category,
      regexp_replace(split_part(objects.name, '/', 2), '\.[^.]*$', '') as slug,
      regexp_replace(objects.name, '\.[^.]*$', '') as project_key,
      coalesce(objects.metadata, '{}'::jsonb) || coalesce(objects.user_metadata, '{}'::jsonb) as meta
    from objects
    where objects.name ~* '^[^/]+/[^/]+\.(jpe?g|png|webp|avif)$'
      and lower(split_part(objects.name, '/', 1)) in ('kitchen', 'bathroom', 'commercial', 'carpentry')
      and not exists (
        select 1 from public.gallery_images as existing where existing.filename = objects.name
      )
  )
  insert into public.gallery_images
    (title, description, category, location, filename, additional_images, featured, created_at, "order")
  select
    coalesce(
      nullif(btrim(candidates.meta ->> 'title'), ''),
      nullif(initcap(btrim(regexp_replace(candidates.slug, '[-_[:space:]]+', ' ', 'g'))), ''),
      candidates.slug
    ),
    nullif(btrim(candidates.meta ->> 'description'), ''),
    candidates.category,
    nullif(btrim(candidates.meta ->> 'location'), ''),
    candidates.name,
    public.gallery_photos_under(candidates.project_key),
    coalesce(lower(candidates.meta ->> 'featured') in ('true', '1', 'yes'), false),
    coalesce(
      case when candidates.meta ? 'createdAt'
        then public.gallery_timestamp_or_null(candidates.meta ->> 'createdAt') end,
      candidates.created_at,
      now()
    ),
    case
      when btrim(candidates.meta ->> 'order') ~ '^-?[0-9]{1,9}$' then btrim(candidates.meta ->> 'order')::integer
      else 0
    end
  from candidates
  order by candidates.name
  on conflict (filename) do nothing;
  get diagnostics imported = row_count;
  return imported;
end;
$$;

revoke all on function public.import_gallery_projects(text[]) from public, anon, authenticated;

-- Same contract as before (service_role only, issue 22), now set-based.
create or replace function public.import_gallery_images_from_storage()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  return public.import_gallery_projects(null);
end;
$$;

-- Brings the further photos of the rows whose project key is among `project_keys` (every row when
-- null) in step with the bucket: entries `gallery/…` whose object is gone leave, photos under the
-- project's folder that the row lacks join (shorter names first), other entries (URLs) stay.
-- Returns the rows changed.
create function public.refresh_gallery_further_photos(project_keys text[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  updated integer;
begin
  with projects as (
    select
      image.id,
      image.additional_images,
      regexp_replace(ltrim(image.filename, '/'), '\.[^./]*$', '') as project_key
    from public.gallery_images as image
    where project_keys is null and image.filename !~* '^https?://'
    union all
    select image.id, image.additional_images, touched.project_key
    from unnest(project_keys) as touched (project_key)
    cross join lateral (
      select candidate.id, candidate.additional_images from public.gallery_images as candidate
      where regexp_replace(ltrim(candidate.filename, '/'), '\.[^./]*$', '') = touched.project_key
        and candidate.filename !~* '^https?://'
      offset 0 -- one index lookup per key, never a scan of the table
    ) as image
  ),
  refreshed as (
    select
      projects.id,
      coalesce(
        (
          select array_agg(entry order by position)
          from unnest(projects.additional_images) with ordinality as listed (entry, position)
          where not starts_with(entry, 'gallery/')
            or exists (
              select 1 from storage.objects as object
              where object.bucket_id = 'gallery' and object.name = substr(entry, length('gallery/') + 1)
            )
        ),
        '{}'
      ) || coalesce(
        (
          select array_agg(photo order by position)
          from unnest(public.gallery_photos_under(projects.project_key)) with ordinality as found (photo, position)
          where not photo = any (projects.additional_images)
        ),
        '{}'
      ) as additional_images
    from projects
  )
  update public.gallery_images as image
  set additional_images = refreshed.additional_images
  from refreshed
  where image.id = refreshed.id
    and image.additional_images is distinct from refreshed.additional_images;
  get diagnostics updated = row_count;
  return updated;
end;
$$;

revoke all on function public.refresh_gallery_further_photos(text[]) from public, anon, authenticated;

-- Follows a change of the bucket: `added` and `gone` are the object names a statement added and
-- removed (a rename is both). Only their projects are touched.
create function public.gallery_follow_objects(added text[], gone text[])
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  removed integer;
  updated integer;
  imported integer;
  touched_keys text[];
begin
  -- One change at a time: each sees the photos the one before it committed, so uploads that land
  -- together cannot overwrite each other's further photos.
  perform pg_advisory_xact_lock(hashtext('public.sync_gallery_images_from_storage'));

  delete from public.gallery_images as image
  where image.id in (
    select project.id
    from unnest(gone) as gone_object (name)
    cross join lateral (
      select candidate.id from public.gallery_images as candidate
      where regexp_replace(ltrim(candidate.filename, '/'), '\.[^./]*$', '')
          = regexp_replace(gone_object.name, '\.[^./]*$', '')
        and ltrim(candidate.filename, '/') = gone_object.name
      offset 0 -- one index lookup per name, never a scan of the table
    ) as project
    where not exists (
      select 1 from storage.objects as object
      where object.bucket_id = 'gallery' and object.name = gone_object.name
    )
  );
  get diagnostics removed = row_count;

  -- The folders the changed objects are in: the keys of the projects they may belong to.
  select array_agg(distinct array_to_string(changed.segments[1:depth], '/'))
    into touched_keys
    from (
      select string_to_array(name, '/') as segments
      from unnest(coalesce(added, '{}') || coalesce(gone, '{}')) as name
    ) as changed,
    generate_series(1, cardinality(changed.segments) - 1) as depth;
  updated := case
    when touched_keys is null then 0
    else public.refresh_gallery_further_photos(touched_keys)
  end;

  imported := case
    when cardinality(added) > 0 then public.import_gallery_projects(added)
    else 0
  end;

  return jsonb_build_object('imported', imported, 'removed', removed, 'updated', updated);
end;
$$;

revoke all on function public.gallery_follow_objects(text[], text[]) from public, anon, authenticated;

-- The whole table in step with the bucket, as before (`npm run gallery:import` with Supabase, and
-- after a failed trigger): {"imported": n, "removed": n, "updated": n}.
create or replace function public.sync_gallery_images_from_storage()
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
  updated integer;
  imported integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.sync_gallery_images_from_storage'));

  delete from public.gallery_images as image
  where image.filename !~* '^https?://'
    and not exists (
      select 1 from storage.objects as object
      where object.bucket_id = 'gallery' and object.name = ltrim(image.filename, '/')
    );
  get diagnostics removed = row_count;

  updated := public.refresh_gallery_further_photos(null);
  imported := public.import_gallery_projects(null);

  return jsonb_build_object('imported', imported, 'removed', removed, 'updated', updated);
end;
$$;

-- The trigger function: the details a photo's new user_metadata carries reach its project (as
-- before), then only the objects the statement added or removed are followed. Renamed objects
-- count as both; an update that keeps the name changes no photo. Never fails the statement that
-- fired it: a failure is a warning, and `npm run gallery:import` catches up.
create or replace function public.gallery_follows_bucket()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  added_names text[];
  gone_names text[];
  previous_details jsonb;
begin
  if tg_op = 'INSERT' then
    select array_agg(added.name) into added_names from added where added.bucket_id = 'gallery';
  elsif tg_op = 'DELETE' then
    select array_agg(gone.name) into gone_names from gone where gone.bucket_id = 'gallery';
  else
    -- The details each photo had, by name: one lookup per photo, where a join of the two
    -- transition tables (which have no index) could compare every pair.
    select coalesce(jsonb_object_agg(gone.name, coalesce(gone.user_metadata, 'null'::jsonb)), '{}')
      into previous_details
      from gone where gone.bucket_id = 'gallery';
    update public.gallery_images as image
    set
      title = coalesce(nullif(btrim(changed.details ->> 'title'), ''), image.title),
      description = case when changed.details ? 'description'
        then nullif(btrim(changed.details ->> 'description'), '') else image.description end,
      location = case when changed.details ? 'location'
        then nullif(btrim(changed.details ->> 'location'), '') else image.location end,
      featured = case when changed.details ? 'featured'
        then coalesce(lower(changed.details ->> 'featured') in ('true', '1', 'yes'), false)
        else image.featured end,
      "order" = case when btrim(changed.details ->> 'order') ~ '^-?[0-9]{1,9}$'
        then btrim(changed.details ->> 'order')::integer else image."order" end
    from (
      select project.id, edited.details
      from (
        select added.name, added.user_metadata as details
        from added
        where added.bucket_id = 'gallery'
          and jsonb_typeof(added.user_metadata) = 'object'
          and previous_details ? added.name
          and added.user_metadata is distinct from previous_details -> added.name
      ) as edited
      cross join lateral (
        select candidate.id from public.gallery_images as candidate
        where candidate.filename = edited.name
        offset 0 -- one index lookup per photo
      ) as project
    ) as changed
    where image.id = changed.id;

    select array_agg(name) into added_names from (
      select added.name from added where added.bucket_id = 'gallery'
      except
      select gone.name from gone where gone.bucket_id = 'gallery'
    ) as new_names;
    select array_agg(name) into gone_names from (
      select gone.name from gone where gone.bucket_id = 'gallery'
      except
      select added.name from added where added.bucket_id = 'gallery'
    ) as old_names;
  end if;
  if added_names is not null or gone_names is not null then
    perform public.gallery_follow_objects(added_names, gone_names);
  end if;
  return null;
exception when others then
  raise warning 'gallery_images did not follow the bucket gallery: %', sqlerrm;
  return null;
end;
$$;

reset statement_timeout;
reset lock_timeout;
