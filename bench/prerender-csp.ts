/**
 * Would Start's own prerender work here, with a hash-based Content-Security-Policy instead of a
 * fresh nonce per request (issue 15)? A prerendered page is a whole document with its streamed
 * hydration data inline: the page as `npm run build` rendered it (a crawler's whole document, the
 * render Start's prerender stores) is given each inline script's SHA-256 in place of the nonce and
 * loaded in Chromium under two policies:
 * - `'strict-dynamic'` with the hashes (what the nonce policy does with its nonce);
 * - `'self'` with the hashes (scripts from our origin by address, inline ones by hash).
 * For each: Content-Security-Policy violations, whether the app hydrated, and whether a link then
 * navigates on the client. Results go to bench/results.md.
 *
 *   ./node_modules/.bin/node bench/prerender-csp.ts [--no-build]
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import {
  prerenderDirectoryName,
  prerenderPlaceholders,
} from '../src/lib/http/prerender-manifest.ts'
import { mark, table, writeSection } from './lib/results.ts'
import { build, skipBuild, startServer } from './lib/server.ts'

const chromiumPath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined

/** The executable inline scripts of a page (not data blocks, not external files), as written. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , body = '']) => body)
}

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

async function main() {
  if (!skipBuild()) build()
  const server = await startServer({}, { quietStderr: true })
  const results: string[][] = []
  try {
    const livePolicy = (await fetch(`${server.origin}/faq`)).headers.get('content-security-policy')
    const template = readFileSync(
      join('.output/server', prerenderDirectoryName, 'faq.html'),
      'utf8',
    )
    // The page as a static file would hold it: no nonce, this server's settings.
    const html = template
      .replaceAll(` nonce="${prerenderPlaceholders.nonce}"`, '')
      .replaceAll(prerenderPlaceholders.siteUrl, server.origin)
      .replaceAll(prerenderPlaceholders.hcaptchaSiteKey, '10000000-ffff-ffff-ffff-000000000001')
    const hashes = inlineScripts(html).map(sha256)
    const withScriptSrc = (scriptSrc: string) =>
      (livePolicy ?? '').replace(/script-src [^;]*/, `script-src ${scriptSrc}`)
    const policies = {
      "hashes + 'strict-dynamic'": withScriptSrc(`${hashes.join(' ')} 'strict-dynamic'`),
      "hashes + 'self'": withScriptSrc(`'self' ${hashes.join(' ')}`),
    }

    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
    })
    try {
      for (const [name, policy] of Object.entries(policies)) {
        const page = await browser.newPage()
        await page.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (event) => {
            const store = window as unknown as { __violations?: string[] }
            store.__violations = [
              ...(store.__violations ?? []),
              `${event.violatedDirective} ${event.blockedURI || 'inline'}`,
            ]
          })
        })
        await page.route(`${server.origin}/faq`, (route) =>
          route.fulfill({
            status: 200,
            body: html,
            headers: {
              'content-type': 'text/html; charset=utf-8',
              'content-security-policy': policy,
            },
          }),
        )
        await page.goto(`${server.origin}/faq`)
        const hydrated = await page
          .waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, {
            timeout: 10_000,
          })
          .then(
            () => true,
            () => false,
          )
        let navigatesOnClient = false
        if (hydrated) {
          let documents = 0
          page.on('request', (request) => {
            if (request.resourceType() === 'document') documents += 1
          })
          await page.getByRole('banner').getByRole('link', { name: 'Services' }).first().click()
          navigatesOnClient = await page.waitForURL(/\/services$/, { timeout: 10_000 }).then(
            () => documents === 0,
            () => false,
          )
        }
        const violations = await page.evaluate(
          () => (window as unknown as { __violations?: string[] }).__violations ?? [],
        )
        results.push([
          name,
          String(hashes.length),
          violations.length === 0 ? 'none' : [...new Set(violations)].join('; '),
          mark(hydrated),
          mark(navigatesOnClient),
        ])
        console.log(name, { violations, hydrated, navigatesOnClient })
        await page.close()
      }
    } finally {
      await browser.close()
    }
  } finally {
    await server.stop()
  }
  writeSection(
    "Prerendering: Start's own, with a hash-based CSP",
    [
      "The prerendered `/faq` (the whole document the build renders, hydration data inline), with its nonces taken out and each inline script's SHA-256 put in the policy instead, loaded in Chromium from the production server (`bench/prerender-csp.ts`).",
      '',
      table(
        [
          'script-src',
          'inline scripts hashed',
          'CSP violations',
          'hydrates',
          'then navigates on the client',
        ],
        results,
      ),
    ].join('\n'),
  )
}

await main()
