-- Issue 51: a project may show its main photo's view before the work beside the photo itself.
-- The owner names that photo in the main photo's details as `before`: the path of a photo in the
-- project's own folder (`kitchen/oak-kitchen/before.webp` for `kitchen/oak-kitchen.webp`). A value
-- that names none (not text, another folder, no photo's extension) is left out and the
-- project stays, as with the project's facts.

set lock_timeout = '5s';
set statement_timeout = '60s';

alter table public.gallery_images add column before_image text;

comment on column public.gallery_images.before_image is
  'The bucket path of the photo showing the main photo''s view before the work (metadata before).';

-- The path when it names a photo in the project's folder, else null.
create function public.gallery_before_image_or_null(value jsonb, project_key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(value) = 'string'
      and starts_with(btrim(value #>> '{}'), project_key || '/')
      and btrim(value #>> '{}') ~* '^[^/]+/[^/]+/[^/]+\.(jpe?g|png|webp|avif)$'
    then btrim(value #>> '{}')
  end
$$;

revoke all on function public.gallery_before_image_or_null(jsonb, text)
  from public, anon, authenticated;

-- As in 20261204001100, with the project's before photo.
create or replace function public.import_gallery_projects(names text[])
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
    (title, description, category, location, filename, additional_images, featured, created_at, "order",
     scope, duration_weeks, budget_from, budget_to, before_image)
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
    end,
    facts.scope,
    facts.duration_weeks,
    facts.budget_from,
    facts.budget_to,
    public.gallery_before_image_or_null(candidates.meta -> 'before', candidates.project_key)
  from candidates
  cross join lateral public.gallery_project_facts(candidates.meta) as facts
  order by candidates.name
  on conflict (filename) do nothing;
  get diagnostics imported = row_count;
  return imported;
end;
$$;

-- As in 20261204001100, with the project's before photo: a `before` the new details carry replaces
-- it (with nothing when it names no photo in the project's folder), details without one keep it.
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
        then btrim(changed.details ->> 'order')::integer else image."order" end,
      scope = case when changed.details ? 'scope' then changed.scope else image.scope end,
      duration_weeks = case when changed.details ? 'weeks'
        then changed.duration_weeks else image.duration_weeks end,
      budget_from = case when changed.details ?| array['budgetFrom', 'budgetTo']
        then changed.budget_from else image.budget_from end,
      budget_to = case when changed.details ?| array['budgetFrom', 'budgetTo']
        then changed.budget_to else image.budget_to end,
      before_image = case when changed.details ? 'before'
        then public.gallery_before_image_or_null(
          changed.details -> 'before', regexp_replace(changed.name, '\.[^.]*$', '')
        )
        else image.before_image end
    from (
      select project.id, edited.name, edited.details, facts.*
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
      cross join lateral public.gallery_project_facts(edited.details) as facts
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
