import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { parseEnvironment } from '#src/server/env.server.ts'
import type { Environment } from '#src/server/env-schema.server.ts'
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
    /** The delivery schedule waits a minute between passes: tests run their passes themselves. */
    settings: (): Environment =>
      parseEnvironment({
        DATA_DIR: dataDir,
        HCAPTCHA_VERIFY_URL: captcha.url,
        CONTACT_TO_EMAIL: 'owner@example.com',
        CONTACT_RETRY_INTERVAL_MS: '60000',
      }),
  }
}
