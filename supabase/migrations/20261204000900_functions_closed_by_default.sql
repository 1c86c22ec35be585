-- Issue 52: a function a later migration creates is executable by no API role until a migration
-- grants it.
--
-- 20261127000600 narrowed the default privileges of tables and sequences, not of functions. Two
-- defaults still opened every new function in public to the publishable key:
-- - Supabase's own, per schema: EXECUTE on functions in public to anon, authenticated and
--   service_role (the embedded database's shim sets the same);
-- - PostgreSQL's built-in one: EXECUTE to PUBLIC, which every role holds, anon among them. A
--   per-schema default cannot take away a global one (ALTER DEFAULT PRIVILEGES: per-schema
--   privileges are added to the global ones), so PUBLIC loses it globally, for every function
--   this role creates from now on, in any schema.
-- Each revokes for the role running this migration (on Supabase: postgres), the role that runs
-- the later ones. service_role keeps its default: the server's own calls use it.

set lock_timeout = '5s';
set statement_timeout = '60s';

alter default privileges in schema public revoke execute on functions from public, anon, authenticated;
alter default privileges revoke execute on functions from public;

reset statement_timeout;
reset lock_timeout;
