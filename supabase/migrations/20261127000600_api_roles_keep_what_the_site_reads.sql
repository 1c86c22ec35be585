-- Issue 36: what the API roles may reach, and a gallery that says when it cannot see its bucket.
--
-- 1. Supabase grants every new table, sequence and function in public to anon and authenticated
--    (its default privileges). The site reads one thing with the publishable key: the gallery,
--    through PostgREST, as anon. It has no accounts (sign-up is off), so `authenticated` needs
--    nothing. Everything else the defaults handed out goes: page_views_id_seq (usage and update
--    let anon draw ids), the authenticated role's SELECT on gallery_images, which pg_graphql shows
--    in its introspection (Security Advisor lint 0027), and the same defaults for the tables and
--    sequences later migrations create. anon keeps SELECT on gallery_images, so lint 0026 still
--    names that table: what introspection shows of it is the gallery every visitor sees on the
--    site (docs/deploy-supabase.md, The Security Advisor).
--
-- 2. The gallery's trigger and its sync run as their owner (security definer) and read
--    storage.objects, where row-level security hides every object from a role without a policy.
--    Hosted Supabase's `postgres` owns them and bypasses row-level security; an owner without
--    BYPASSRLS saw no object at all: an upload imported nothing and said nothing, and the full
--    sync would have removed every project. Now both refuse with a message naming the role: the
--    trigger turns it into a warning in the database log (an upload never fails), the sync and
--    the import fail, and this migration warns at `db push` when its own role would be refused.

set lock_timeout = '5s';
set statement_timeout = '60s';

revoke all on all sequences in schema public from anon, authenticated;
revoke all on all tables in schema public from authenticated;
revoke all on all tables in schema public from anon;
grant select on table public.gallery_images to anon;
alter policy "Gallery images are public" on public.gallery_images to anon;

-- For objects the role running migrations creates from now on (on Supabase: postgres).
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- Raises unless the current role reads the whole of storage.objects: a superuser, the table's
-- owner, or a role with BYPASSRLS (row_security_active answers for the current role).
create function public.gallery_requires_whole_bucket()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if pg_catalog.row_security_active('storage.objects'::pg_catalog.regclass) then
    raise exception 'role % reads storage.objects under row-level security (it needs BYPASSRLS) and would see no photo', current_user
      using
        errcode = 'insufficient_privilege',
        hint = format('Give %I BYPASSRLS (hosted Supabase''s postgres has it), then run npm run gallery:import.', current_user);
  end if;
end;
$$;

revoke all on function public.gallery_requires_whole_bucket() from public, anon, authenticated;

-- Same as 20261125002300, after the check.
create or replace function public.gallery_follow_objects(added text[], gone text[])
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
  perform public.gallery_requires_whole_bucket();
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
  perform public.gallery_requires_whole_bucket();
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

create or replace function public.import_gallery_images_from_storage()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.gallery_requires_whole_bucket();
  return public.import_gallery_projects(null);
end;
$$;

do $$
begin
  perform public.gallery_requires_whole_bucket();
exception when insufficient_privilege then
  raise warning 'The gallery will not follow its bucket: %', sqlerrm
    using hint = format('Give %I BYPASSRLS, as hosted Supabase''s postgres has.', current_user);
end;
$$;

reset statement_timeout;
reset lock_timeout;
