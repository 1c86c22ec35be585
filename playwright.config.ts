import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { chromium, defineConfig, devices } from '@playwright/test'
import {
  chromium as chromiumPackage,
  requireSystemPackages,
  systemChromium,
} from './test/support/system-packages.ts'
import { testV8Flags } from './test/support/test-v8-flags.ts'

const port = Number(process.env.E2E_PORT ?? 3210)
const captchaVerifierPort = port + 9
export const baseURL = `http://127.0.0.1:${port}`
/** The production server's data directory during the run: tests read its outbox. */
export const e2eDataDir = '.data/e2e'

/** Debian's headless shell of Chromium where present (no browser downloads here), Playwright's own elsewhere. */
const chromiumPath = systemChromium
if (chromiumPath === undefined && !existsSync(chromium.executablePath())) {
  requireSystemPackages([chromiumPackage])
}

/**
 * One worker more than the cores (E2E_WORKERS overrides): on two cores two workers left a quarter
 * of the CPU idle while tests waited on servers and timers; three made the suite 7:18 against
 * 8:14 beside the unit tests (decision 036). At most four: the fault specs take ten ports per
 * worker from 3400.
 */
const workers = Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism() + 1))

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

const netlifySpec = /presets\.spec\.ts$/
/**
 * `npm test`'s end-to-end tier (project `visitor`): what a visitor does and sees, at the widths of
 * e2e/support/viewports.ts. Every other spec (faults, fuzz, visual references, crawl, headers,
 * HTML validity, the Supabase path, Netlify) runs in `npm run test:full`, which CI runs; a new
 * spec joins it unless named here.
 */
const visitorSpecs = [
  'pages',
  'early-taps',
  'conversion',
  'contact',
  'gallery',
  'gallery-pages',
  'gallery-viewer',
  'gallery-project-facts',
  'gallery-before-after',
  'proof',
  'layout',
  'hero-contrast',
  'hero-sharpness',
].map((name) => `${name}.spec.ts`)
const supabaseSpecs = /supabase\/.*\.spec\.ts$/

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The visual references (e2e/visual.spec.ts), one file per name, the same on every machine.
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  use: {
    baseURL,
    // No trace: recording one for every test cost a tenth of the suite's CPU (decision 036), and a
    // failure already leaves its error context and a screenshot. Rerun it with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  // Only e2e/presets.spec.ts needs the Netlify build (`npm run build:netlify`): `npm test` runs
  // the node-server project while that build is made, then the netlify project beside it.
  // The specs of e2e/supabase/ share one production path (PostgreSQL, the function under Deno,
  // the gateway, three instances: e2e/supabase/project.ts), started once by their one worker.
  projects: [
    {
      name: 'visitor',
      testMatch: visitorSpecs,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'node-server',
      testIgnore: [netlifySpec, supabaseSpecs],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'supabase',
      testMatch: supabaseSpecs,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'netlify',
      testMatch: netlifySpec,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
  ],
  // The suite's site and captcha verifier; `npm test` runs the netlify project, which needs
  // neither, with E2E_WEB_SERVERS=none beside the node-server project (tools/test.ts).
  webServer:
    process.env.E2E_WEB_SERVERS === 'none'
      ? []
      : [
          {
            command: 'node e2e/support/captcha-verifier.ts',
            port: captchaVerifierPort,
            reuseExistingServer: false,
            env: { CAPTCHA_VERIFIER_PORT: String(captchaVerifierPort) },
          },
          {
            // A fresh data directory each run: the outbox and inbox hold only this run's messages.
            command: `rm -rf ${e2eDataDir} && node ${testV8Flags.join(' ')} .output/server/index.mjs`,
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
