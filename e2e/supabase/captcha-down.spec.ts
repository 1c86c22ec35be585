/**
 * hCaptcha's verifier answering 500 on the production path with Supabase (issue 52): the contact
 * core runs in the edge function under Deno, three site instances call it. Every message is kept
 * and answered ok; across the instances only the hourly cap (10) is mailed, the rest are held
 * and named in one digest. An instance's /readyz learns of the broken verifier from the function's
 * answer to the message it forwarded (x-contact-captcha-check), at once, and of its repair from the
 * next good one.
 */
import {
  type ContactRequest,
  captureContactRequest,
  isOkAnswer,
  replayContactRequest,
} from '#bench/lib/contact-request.ts'
import { passingTokenNumber } from '#test/contact/captcha-stand-in.ts'
import type { ServerProcess } from '#test/faults/production-server.ts'
import { eventually } from '../faults/support'
import { expect, type SupabaseProject, test } from './project'

test.describe.configure({ mode: 'serial' })

let project: SupabaseProject
let contact: ContactRequest
let tokens = 9000

test.beforeAll(async ({ project: shared }) => {
  project = shared
  await project.reset()
  contact = await captureContactRequest(project.balancer.url)
})
test.afterAll(() => project.release())

const submit = (origin: string, visitorIp: string) =>
  replayContactRequest(contact, origin, visitorIp, passingTokenNumber(tokens++))

const readiness = async (instance: ServerProcess) =>
  (await (await fetch(`${instance.url}/readyz`)).json()) as {
    status: string
    contact: Record<string, string | null>
  }

const statusCounts = async () =>
  Object.fromEntries(
    (
      await project.schema.database.query<{ status: string; n: number }>(
        `select notification_status as status, count(*)::int as n
           from public.contact_messages group by 1`,
      )
    ).rows.map(({ status, n }) => [status, n]),
  )

test('verifier answering 500: 40 kept, 10 mailed across three instances, 30 held for one digest; /readyz degraded at once, ready after one good check', async () => {
  test.setTimeout(120_000)
  const { captcha, mail, instances, balancer } = project
  const instance = instances[0] as ServerProcess
  await eventually(async () => {
    expect(await readiness(instance)).toMatchObject({
      status: 'ready',
      contact: { checkedAt: expect.any(String), function: 'ok' },
    })
  }, 30_000)

  captcha.mode = 'error'
  const first = await submit(instance.url, '198.51.100.1')
  expect(first.status).toBe(200)
  expect(isOkAnswer(first.body)).toBe(true)
  // The function's answer said so: degraded now, not at the next self-check.
  expect(await readiness(instance)).toMatchObject({
    status: 'degraded',
    contact: { captcha: 'failed', function: 'ok' },
  })

  const answers = await Promise.all(
    Array.from({ length: 39 }, (_, i) => submit(balancer.url, `203.0.113.${i + 1}`)),
  )
  expect(answers.map((answer) => isOkAnswer(answer.body))).toEqual(Array(39).fill(true))
  expect(await statusCounts()).toMatchObject({ held: 30 })

  // Beside them, the message the capture sent while hCaptcha worked: checked, mailed.
  await eventually(async () => {
    expect(await statusCounts()).toEqual({ sent: 1 + 10, held: 30 })
    expect(mail.received.filter((m) => m.subject.endsWith('not notified'))).toHaveLength(1)
  }, 60_000)
  expect(mail.received.filter((m) => m.id !== '')).toHaveLength(1 + 10)

  captcha.mode = 'normal'
  expect((await submit(instance.url, '192.0.2.77')).status).toBe(200)
  expect(await readiness(instance)).toMatchObject({
    status: 'ready',
    contact: { captcha: 'ok', function: 'ok' },
  })
  await eventually(async () => expect(await statusCounts()).toEqual({ sent: 12, held: 30 }))
})
