import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessageSchema } from '#supabase/functions/_shared/contact/contact-schema.ts'
import { createMemoryLogger } from '#supabase/functions/_shared/log.ts'
import { createContactFunctionClient } from './contact-function-client.server'

/** A stand-in for the edge function that refuses every message with the field errors given. */
function refusingFunction(
  fields: Record<string, string>,
): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: 'Please check the highlighted fields.', fields }))
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, url: `http://127.0.0.1:${port}` })
    })
  })
}

describe('contact function client, field errors', () => {
  const schemaFields = Object.keys(contactMessageSchema.entries)
  const sentTo = Object.fromEntries(schemaFields.map((name) => [name, `${name} is not right.`]))
  let stand: { server: Server; url: string }

  beforeAll(async () => {
    stand = await refusingFunction(sentTo)
  })
  afterAll(() => new Promise<void>((resolve) => stand.server.close(() => resolve())))

  it("carries the function's text and the error of every field, so a field added to the schema is carried too", async () => {
    const client = createContactFunctionClient({
      url: stand.url,
      secretKey: 'sb_secret_test',
      log: createMemoryLogger(),
    })
    const answer = await client.receive({})

    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ error: 'Please check the highlighted fields.', fields: sentTo })
  })
})
