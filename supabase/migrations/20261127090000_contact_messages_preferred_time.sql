-- When the visitor would like to be called back, in their words (optional; '' when not given).

set lock_timeout = '5s';
set statement_timeout = '60s';

alter table public.contact_messages
  add column preferred_time text not null default ''
  constraint contact_messages_preferred_time_length check (char_length(preferred_time) <= 100);
