import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 3210)
const captchaVerifierPort = port + 9
export const baseURL = `http://127.0.0.1:${port}`
/** The production server's data directory during the run: tests read its outbox. */
export const e2eDataDir = '.data/e2e'

/** Debian's Chromium where present (no browser downloads here), Playwright's own elsewhere. */
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined)

/** How every spec launches Chromium (a spec that needs another flag adds it to these). */
export const launchOptions = {
  executablePath: chromiumPath,
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    '--disable-gpu',
  ],
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The visual references (e2e/visual.spec.ts), one file per name, the same on every machine.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    {
      command: 'node e2e/support/captcha-verifier.ts',
      port: captchaVerifierPort,
      reuseExistingServer: false,
      env: { CAPTCHA_VERIFIER_PORT: String(captchaVerifierPort) },
    },
    {
      // A fresh data directory each run: the outbox and inbox hold only this run's messages.
      command: `rm -rf ${e2eDataDir} && node .output/server/index.mjs`,
      // It listens once its database is open; /readyz then says the migrations are in.
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: baseURL,
        DATA_DIR: e2eDataDir,
        HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${captchaVerifierPort}/siteverify`,
        // Each test speaks for its own client address, so rate limits do not leak between tests.
        TRUST_PROXY: 'true',
      },
    },
  ],
})
