import { expect, it } from 'vitest'
import { formatContactCheck, parseContactCheck } from './contact-check'

it('shows when the contact path was checked and each check, a failure in capitals', () => {
  const check = parseContactCheck({
    checkedAt: '2026-11-27T10:05:09.123Z',
    checks: [
      { name: 'captcha', status: 'failed', detail: 'hCaptcha refuses HCAPTCHA_SECRET' },
      { name: 'mail', status: 'ok', detail: 'SMTP smtp://127.0.0.1:2525 answers' },
      { name: 'database', status: 'not-configured', detail: 'no database is configured' },
    ],
  })
  expect(check && formatContactCheck(check)).toBe(
    [
      'Contact path, last checked 2026-11-27 10:05 UTC: 1 check(s) FAILED',
      '  captcha: FAILED (hCaptcha refuses HCAPTCHA_SECRET)',
      '  mail: ok (SMTP smtp://127.0.0.1:2525 answers)',
      '  database: not configured (no database is configured)',
    ].join('\n'),
  )
})

it('a document that is not a check is no check', () => {
  expect(parseContactCheck(undefined)).toBeUndefined()
  expect(parseContactCheck({ checkedAt: 'x', checks: [{ name: 'mail', status: 'fine' }] })).toBe(
    undefined,
  )
})
