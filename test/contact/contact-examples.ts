import type { ContactMessageFields } from '#supabase/functions/_shared/contact/contact-schema.ts'

/**
 * A value for every field of the contact schema, each one the schema accepts unchanged (a field
 * the schema adds is a type error here until it has one). Fixtures spread it, so they carry a new
 * field without an edit, and the round-trip tests check each value arrives everywhere.
 */
export const exampleContactFields = {
  name: 'Zoë Béatrice Ngô',
  email: 'zoe@example.com',
  phone: '+1 905 555 0142',
  service: 'Kitchen Remodeling',
  message: 'Hello!\nWe want a new kitchen: island, pantry, lots of light.',
} as const satisfies Required<ContactMessageFields>
