-- The gallery follows its bucket: a photo uploaded to the bucket `gallery` becomes a project, a
-- photo removed from it takes its project (or its place among a project's additional images)
-- with it. The owner manages photos in Storage and never writes SQL.

-- Brings gallery_images in step with the bucket and returns what changed, as
-- {"imported": n, "removed": n, "updated": n}:
-- - a row whose main image (a path in the bucket, not a URL) is gone is removed;
-- - a row's additional images lose the `gallery/…` paths that are gone and gain the images added
--   under `<category>/<file>/` since (other entries, such as URLs, are kept as they are);
-- - every new project image gets its row (import_gallery_images_from_storage()).
-- Rows are otherwise left alone: titles and details edited in the table are kept.
create function public.sync_gallery_images_from_storage()
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
  -- One sync at a time: each then sees the photos the one before it committed, so uploads that
  -- land together cannot overwrite each other's further photos.
  perform pg_advisory_xact_lock(hashtext('public.sync_gallery_images_from_storage'));

  delete from public.gallery_images as image
  where image.filename !~* '^https?://'
    and not exists (
      select 1 from storage.objects as object
      where object.bucket_id = 'gallery' and object.name = ltrim(image.filename, '/')
    );
  get diagnostics removed = row_count;

  with refreshed as (
    select
      image.id,
      coalesce(
        (
          select array_agg(entry order by position)
          from unnest(image.additional_images) with ordinality as listed (entry, position)
          where not starts_with(entry, 'gallery/')
            or exists (
              select 1 from storage.objects as object
              where object.bucket_id = 'gallery' and object.name = substr(entry, length('gallery/') + 1)
            )
        ),
        '{}'
      ) || coalesce(
        (
          -- Shorter names first, so detail-2 comes before detail-10.
          select array_agg('gallery/' || detail.name order by length(detail.name), detail.name)
          from storage.objects as detail
          where detail.bucket_id = 'gallery'
            and starts_with(detail.name, regexp_replace(ltrim(image.filename, '/'), '\.[^./]*$', '') || '/')
            and detail.name ~* '\.(jpe?g|png|webp|avif)$'
            and not ('gallery/' || detail.name) = any (image.additional_images)
        ),
        '{}'
      ) as additional_images
    from public.gallery_images as image
    where image.filename !~* '^https?://'
  )
  update public.gallery_images as image
  set additional_images = refreshed.additional_images
  from refreshed
  where image.id = refreshed.id
    and image.additional_images is distinct from refreshed.additional_images;
  get diagnostics updated = row_count;

  imported := public.import_gallery_images_from_storage();

  return jsonb_build_object('imported', imported, 'removed', removed, 'updated', updated);
end;
$$;

comment on function public.sync_gallery_images_from_storage() is
  'Brings gallery_images in step with the bucket gallery (new photos in, removed photos out); returns {imported, removed, updated}.';

revoke all on function public.sync_gallery_images_from_storage() from public, anon, authenticated;
grant execute on function public.sync_gallery_images_from_storage() to service_role;

-- Runs the sync after any statement that adds, removes or renames objects of the bucket. A photo
-- whose user_metadata changes (uploaded again with new details, or a new manifest.json in the
-- embedded bucket) passes the details it carries to its project; details it does not carry stay
-- as they are. It never fails the upload or the removal that fired it: a failure is a warning,
-- and the next change or `npm run gallery:import` catches up.
create function public.gallery_follows_bucket()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if not exists (select 1 from added where added.bucket_id = 'gallery') then return null; end if;
  elsif tg_op = 'DELETE' then
    if not exists (select 1 from gone where gone.bucket_id = 'gallery') then return null; end if;
  elsif not exists (select 1 from gone where gone.bucket_id = 'gallery')
    and not exists (select 1 from added where added.bucket_id = 'gallery') then
    return null;
  else
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
      select added.name, added.user_metadata as details
      from added
      join gone on gone.bucket_id = added.bucket_id and gone.name = added.name
      where added.bucket_id = 'gallery'
        and jsonb_typeof(added.user_metadata) = 'object'
        and added.user_metadata is distinct from gone.user_metadata
    ) as changed
    where image.filename = changed.name;
  end if;
  perform public.sync_gallery_images_from_storage();
  return null;
exception when others then
  raise warning 'gallery_images did not follow the bucket gallery: %', sqlerrm;
  return null;
end;
$$;

revoke all on function public.gallery_follows_bucket() from public, anon, authenticated;

create trigger gallery_follows_bucket_insert
  after insert on storage.objects
  referencing new table as added
  for each statement execute function public.gallery_follows_bucket();

create trigger gallery_follows_bucket_delete
  after delete on storage.objects
  referencing old table as gone
  for each statement execute function public.gallery_follows_bucket();

create trigger gallery_follows_bucket_update
  after update on storage.objects
  referencing old table as gone new table as added
  for each statement execute function public.gallery_follows_bucket();
