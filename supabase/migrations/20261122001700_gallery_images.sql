-- The project gallery: one row per project photo in the public storage bucket `gallery`.
-- Visitors (anon) may read it and nothing else; rows are created by
-- import_gallery_images_from_storage() from the bucket's objects.

create table public.gallery_images (
  id uuid primary key default gen_random_uuid(),
  title text not null
    constraint gallery_images_title_not_blank check (btrim(title) <> ''),
  description text,
  category text not null
    constraint gallery_images_category_known
    check (category in ('kitchen', 'bathroom', 'commercial', 'carpentry')),
  location text,
  filename text not null
    constraint gallery_images_filename_not_blank check (btrim(filename) <> ''),
  additional_images text[] not null default '{}',
  featured boolean not null default false,
  created_at timestamptz not null default now(),
  "order" integer not null default 0,
  constraint gallery_images_filename_key unique (filename)
);

comment on table public.gallery_images is
  'Project photos shown in the gallery; filename is the object path in the storage bucket gallery.';
comment on column public.gallery_images.filename is
  'Path of the main image inside the bucket gallery, such as kitchen/modern-oak-galley.webp.';
comment on column public.gallery_images.additional_images is
  'Further images of the project as <bucket>/<path> storage paths (or absolute URLs).';
comment on column public.gallery_images."order" is
  'Position among featured-sorted projects; lower comes first.';

alter table public.gallery_images enable row level security;

create policy "Gallery images are public"
  on public.gallery_images
  for select
  to anon, authenticated
  using (true);

-- Supabase grants everything on new tables to anon and authenticated by default: take it back.
revoke all on table public.gallery_images from anon, authenticated;
grant select on table public.gallery_images to anon, authenticated;
grant all on table public.gallery_images to service_role;

-- Creates one gallery row per project image in the bucket that has no row yet, and returns how
-- many it created. A project image is `<category>/<file>.<jpg|jpeg|png|webp|avif>`; the images
-- under `<category>/<file>/` are its additional images. Title, description, location, featured,
-- order and createdAt come from the object's user_metadata, then its metadata, when present;
-- otherwise the title is the file name in Title Case and created_at the object's upload time.
create function public.import_gallery_images_from_storage()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  project record;
  project_created_at timestamptz;
  project_additional_images text[];
  inserted integer;
  imported integer := 0;
begin
  for project in
    select
      object.name,
      object.created_at,
      lower(split_part(object.name, '/', 1)) as category,
      regexp_replace(split_part(object.name, '/', 2), '\.[^.]*$', '') as slug,
      regexp_replace(object.name, '\.[^.]*$', '') || '/' as detail_prefix,
      coalesce(object.metadata, '{}'::jsonb) || coalesce(object.user_metadata, '{}'::jsonb) as meta
    from storage.objects as object
    where object.bucket_id = 'gallery'
      and object.name ~* '^[^/]+/[^/]+\.(jpe?g|png|webp|avif)$'
      and lower(split_part(object.name, '/', 1)) in ('kitchen', 'bathroom', 'commercial', 'carpentry')
      and not exists (
        select 1 from public.gallery_images as existing where existing.filename = object.name
      )
    order by object.name
  loop
    begin
      project_created_at := nullif(btrim(project.meta ->> 'createdAt'), '')::timestamptz;
    exception when others then
      project_created_at := null;
    end;

    -- Shorter names first, so detail-2 comes before detail-10.
    select coalesce(array_agg('gallery/' || detail.name order by length(detail.name), detail.name), '{}')
      into project_additional_images
      from storage.objects as detail
      where detail.bucket_id = 'gallery'
        and starts_with(detail.name, project.detail_prefix)
        and detail.name ~* '\.(jpe?g|png|webp|avif)$';

    insert into public.gallery_images
      (title, description, category, location, filename, additional_images, featured, created_at, "order")
    values (
      coalesce(
        nullif(btrim(project.meta ->> 'title'), ''),
        nullif(initcap(btrim(regexp_replace(project.slug, '[-_[:space:]]+', ' ', 'g'))), ''),
        project.slug
      ),
      nullif(btrim(project.meta ->> 'description'), ''),
      project.category,
      nullif(btrim(project.meta ->> 'location'), ''),
      project.name,
      project_additional_images,
      coalesce(lower(project.meta ->> 'featured') in ('true', '1', 'yes'), false),
      coalesce(project_created_at, project.created_at, now()),
      case
        when btrim(project.meta ->> 'order') ~ '^-?[0-9]{1,9}$' then btrim(project.meta ->> 'order')::integer
        else 0
      end
    )
    on conflict (filename) do nothing;

    get diagnostics inserted = row_count;
    imported := imported + inserted;
  end loop;

  return imported;
end;
$$;

comment on function public.import_gallery_images_from_storage() is
  'Creates a gallery_images row for every project image in the bucket gallery that has none; returns the count.';

revoke all on function public.import_gallery_images_from_storage() from public;
grant execute on function public.import_gallery_images_from_storage() to anon, authenticated, service_role;
