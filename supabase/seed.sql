-- Runs after the migrations: on `supabase db reset`, and in the embedded database whenever this
-- file changes. Keep every statement idempotent.

-- The public photo bucket (config.toml declares it too; this keeps a plain reset consistent).
insert into storage.buckets (id, name, public)
values ('gallery', 'gallery', true)
on conflict (id) do update set public = excluded.public;
