import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { ContactSettings } from '#src/server/contact/contact-backend.server.ts'
import { hcaptchaTestKeys } from '#src/server/env-schema.server.ts'
import { type CaptchaStandIn, startCaptchaStandIn } from './captcha-stand-in'
import { type ContactTestDatabase, openContactTestDatabase } from './contact-database'

/**
 * For tests of the embedded contact backend: one schema database and captcha stand-in for the
 * file, emptied tables and a fresh data directory (under /tmp, named `<label>-…`) per test, and
 * the settings that point the backend at them. Registers its own hooks; read the fields inside
 * tests.
 */
export function embeddedContactFixture(label: string) {
  let database: ContactTestDatabase
  let captcha: CaptchaStandIn
  let dataDir: string

  beforeAll(async () => {
    ;[database, captcha] = await Promise.all([openContactTestDatabase(), startCaptchaStandIn()])
  })
  afterAll(async () => {
    await Promise.all([database?.close(), captcha?.close()])
  })
  beforeEach(async () => {
    await database.reset()
    dataDir = mkdtempSync(join(tmpdir(), `${label}-`))
    return () => rmSync(dataDir, { recursive: true, force: true })
  })

  return {
    get database() {
      return database
    },
    get dataDir() {
      return dataDir
    },
    settings: (): ContactSettings => ({
      DATA_DIR: dataDir,
      SITE_URL: 'http://localhost:3000',
      SUPABASE_URL: undefined,
      SUPABASE_SECRET_KEY: undefined,
      HCAPTCHA_SITE_KEY: hcaptchaTestKeys.siteKey,
      HCAPTCHA_SECRET: hcaptchaTestKeys.secret,
      HCAPTCHA_VERIFY_URL: captcha.url,
      SMTP_URL: undefined,
      CONTACT_TO_EMAIL: 'owner@example.com',
    }),
  }
}
