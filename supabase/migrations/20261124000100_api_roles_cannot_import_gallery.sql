-- Issue 22: import_gallery_images_from_storage() is security definer and was granted to anon and
-- authenticated, so anyone holding the publishable key could call
-- /rest/v1/rpc/import_gallery_images_from_storage and bring back projects the owner had removed
-- from the table. Only service_role (the secret key: `npm run gallery:import`, the site's server)
-- may run it now, like every other function of ours.
-- test/supabase/database-lints.test.ts fails when any security definer function in public is
-- executable by anon or authenticated (Supabase's splinter lints 0028 and 0029).

revoke all on function public.import_gallery_images_from_storage() from public, anon, authenticated;
grant execute on function public.import_gallery_images_from_storage() to service_role;
