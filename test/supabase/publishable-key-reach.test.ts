import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type DataApiDescription,
  describedSchema,
  revokeStatement,
} from '#scripts/lib/publishable-key-reach.ts'
import { type PostgrestStandIn, startPostgrestStandIn } from '#test/support/postgrest-stand-in.ts'
import { openPgliteSchemaDatabase, type SchemaDatabase } from '#test/support/supabase-schema.ts'

// verify:deploy's probe of every function, against the Data API's description of our schema:
// each call must reach the function itself (its arguments resolve), so that a refusal is the
// privilege's, never a not-found that an earlier version counted as refused.

let schema: SchemaDatabase
let standIn: PostgrestStandIn

beforeAll(async () => {
  schema = await openPgliteSchemaDatabase()
  standIn = await startPostgrestStandIn({ database: schema.database })
}, 60_000)
afterAll(async () => {
  await standIn?.close()
  await schema?.close()
})

const secretDescription = async () =>
  (await (
    await fetch(`${standIn.url}/rest/v1/`, { headers: { apikey: standIn.secretKey } })
  ).json()) as DataApiDescription

describe("verify:deploy's reading of the Data API's description", () => {
  it('has a value for every argument of every function the migrations make', async () => {
    const { relations, functions } = describedSchema(await secretDescription())
    expect(relations).toContain('gallery_images')
    expect(relations).toContain('contact_messages')
    expect(functions.length).toBeGreaterThan(10)
    expect(functions.filter((fn) => 'missingValueFor' in fn.args)).toEqual([])
  })

  it('calls each function with arguments that reach it, and the publishable key is refused by the function itself', async () => {
    const supabase = createClient(standIn.url, standIn.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    })
    const { functions } = describedSchema(await secretDescription())
    for (const fn of functions) {
      const { error, status } = await supabase.rpc(fn.name, fn.args as Record<string, string>, {
        get: true,
      })
      expect({ fn: fn.signature, status, message: error?.message }).toEqual({
        fn: fn.signature,
        status: 401,
        message: `permission denied for function ${fn.name}`,
      })
    }
  })

  it('names a type it has no value for, and the statement that takes a function back', () => {
    const { functions } = describedSchema({
      paths: {
        '/rpc/locate': {
          get: {
            parameters: [
              { in: 'query', name: 'label', format: 'text' },
              { in: 'query', name: 'spot', format: 'point' },
            ],
          },
        },
      },
    })
    expect(functions).toEqual([
      { name: 'locate', signature: 'locate(text, point)', args: { missingValueFor: 'spot point' } },
    ])
    expect(revokeStatement({ signature: 'locate(text, point)' })).toBe(
      'revoke all on function public.locate(text, point) from public, anon, authenticated;',
    )
  })
})
