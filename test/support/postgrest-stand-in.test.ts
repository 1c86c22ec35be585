import { createClient } from '@supabase/supabase-js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type PostgrestStandIn, startPostgrestStandIn } from './postgrest-stand-in.ts'
import { openPgliteSchemaDatabase, type SchemaDatabase, setGalleryRows } from './supabase-schema.ts'

// The stand-in answers as the Data API does, for the real supabase-js and for a plain fetch of
// its root: what a role may reach comes from the database's privileges, never from a list.

let schema: SchemaDatabase
let standIn: PostgrestStandIn

const clientWith = (key: string) =>
  createClient(standIn.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

interface Description {
  swagger: string
  paths: Record<string, { get?: { parameters?: { name: string; format: string }[] } }>
}

const describedFor = async (key: string) => {
  const response = await fetch(`${standIn.url}/rest/v1/`, { headers: { apikey: key } })
  expect(response.status).toBe(200)
  return (await response.json()) as Description
}

beforeAll(async () => {
  schema = await openPgliteSchemaDatabase()
  standIn = await startPostgrestStandIn({ database: schema.database })
  await setGalleryRows(
    schema.database,
    ['kitchen/a.webp', 'kitchen/b.webp', 'bathroom/c.webp'].map((filename, index) => ({
      filename,
      title: `Project ${index}`,
      category: filename.split('/')[0],
    })),
  )
}, 60_000)
afterEach(() => standIn.describeToPublishableKey(false))
afterAll(async () => {
  await standIn?.close()
  await schema?.close()
})

describe("the Data API stand-in's root", () => {
  it('is kept from the publishable key, as hosted Supabase keeps it', async () => {
    const response = await fetch(`${standIn.url}/rest/v1/`, {
      headers: { apikey: standIn.anonKey },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ message: 'Access to schema is forbidden' })
  })

  it('shows the publishable key, where it may see it, the gallery and nothing else', async () => {
    standIn.describeToPublishableKey(true)
    const description = await describedFor(standIn.anonKey)
    expect(description.swagger).toBe('2.0')
    expect(Object.keys(description.paths).sort()).toEqual([
      '/',
      '/gallery_images',
      '/rpc/gallery_view',
    ])
  })

  it('shows the secret key every table and function, with each argument and its type', async () => {
    const description = await describedFor(standIn.secretKey)
    expect(Object.keys(description.paths)).toEqual(
      expect.arrayContaining(['/contact_messages', '/page_views', '/rpc/site_report']),
    )
    expect(description.paths['/rpc/site_report']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'days', format: 'integer' }),
    ])
  })

  it('follows a grant made after the migrations: a table, a view and a function', async () => {
    for (const statement of [
      'grant select on public.page_views to anon',
      'create view public.messages_seen as select id from public.contact_messages',
      'grant select on public.messages_seen to anon',
      'grant execute on function public.site_report(integer) to anon',
    ]) {
      await schema.database.query(statement)
    }
    standIn.describeToPublishableKey(true)
    try {
      expect(Object.keys((await describedFor(standIn.anonKey)).paths).sort()).toEqual([
        '/',
        '/gallery_images',
        '/messages_seen',
        '/page_views',
        '/rpc/gallery_view',
        '/rpc/site_report',
      ])
    } finally {
      for (const statement of [
        'revoke select on public.page_views from anon',
        'drop view public.messages_seen',
        'revoke execute on function public.site_report(integer) from anon',
      ]) {
        await schema.database.query(statement)
      }
    }
  })
})

describe("the Data API stand-in's query arguments", () => {
  it('filters, orders and limits a read as asked', async () => {
    const supabase = clientWith(standIn.anonKey)
    const { data, error } = await supabase
      .from('gallery_images')
      .select('filename')
      .eq('category', 'kitchen')
      .order('filename', { ascending: false })
      .limit(1)
    expect(error).toBeNull()
    expect(data).toEqual([{ filename: 'kitchen/b.webp' }])
  })

  it('refuses a filter it does not serve rather than dropping it', async () => {
    const supabase = clientWith(standIn.anonKey)
    const { error, status } = await supabase
      .from('gallery_images')
      .select('filename')
      .textSearch('title', 'Project')
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST100')
  })

  it("passes a GET call's arguments to the function, in a read-only transaction", async () => {
    const supabase = clientWith(standIn.secretKey)
    const report = await supabase.rpc('site_report', { days: 7 }, { get: true })
    expect(report.error).toBeNull()
    const write = await supabase.rpc(
      'consume_contact_rate_limit',
      { client_key: 'k' },
      { get: true },
    )
    expect(write.error?.code).toBe('25006')
  })

  it('refuses the publishable key a function it may not run, with its real arguments', async () => {
    const supabase = clientWith(standIn.anonKey)
    const { error, status } = await supabase.rpc('site_report', { days: 7 }, { get: true })
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
  })
})
