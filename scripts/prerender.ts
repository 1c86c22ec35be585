/**
 * Prerenders the pages whose content ships with the build (`npm run build` runs it after
 * `vite build`). It starts the built server with placeholder configuration, as a server that
 * renders pages at build time (TSS_PRERENDERING: no database, no delivery schedule; it listens at
 * once), renders each page as a crawler would (the whole document, not a stream), and writes
 * the pages with their placeholders to .output/server/prerendered/. The server fills them in per
 * request (src/server/prerender/serve-prerendered.server.ts).
 *
 * Any page that fails, or renders anything the server could not fill in, fails the build.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type PrerenderManifest,
  prerenderDirectoryName,
  prerenderedPaths,
  prerenderManifestFile,
  prerenderPlaceholders,
} from '../src/server/prerender/prerendered-pages.ts'
import { freeLoopbackPort } from './lib/free-port.ts'

const outputDirectory = join('.output/server', prerenderDirectoryName)

const fileName = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`)

/** Problems that would make the page wrong once filled in; empty when it is fine. */
function problems(html: string, nonce: string, origin: string) {
  const found: string[] = []
  if (!/^<!DOCTYPE html>/i.test(html) || !html.trimEnd().endsWith('</html>')) {
    found.push('not a whole HTML document')
  }
  if (!/<title>[^<]+<\/title>/.test(html)) found.push('no title')
  if (!/<h1[\s>]/.test(html)) found.push('no h1')
  const scripts = html.match(/<script\b[^>]*>/g) ?? []
  const unsigned = scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`))
  if (scripts.length === 0 || unsigned.length > 0) {
    found.push(`${unsigned.length} of ${scripts.length} scripts without the request's nonce`)
  }
  if (html.includes(origin) || html.includes('127.0.0.1')) found.push("the render server's origin")
  // Each placeholder must appear only whole: an escaped or cut copy would not be filled in.
  const siteHost = new URL(prerenderPlaceholders.siteUrl).host
  for (const [marker, whole] of [
    [siteHost, prerenderPlaceholders.siteUrl],
    ['prerendered-hcaptcha', prerenderPlaceholders.hcaptchaSiteKey],
  ] as const) {
    const copies = html.split(marker).length - 1
    const wholeCopies = html.split(whole).length - 1
    if (copies !== wholeCopies) found.push(`${copies - wholeCopies} altered copies of ${whole}`)
  }
  return found
}

async function main() {
  const port = await freeLoopbackPort()
  const origin = `http://127.0.0.1:${port}`
  const dataDirectory = mkdtempSync(join(tmpdir(), 'prerender-data-'))
  // The server answers pages it finds prerendered from a previous build: start without them.
  rmSync(outputDirectory, { recursive: true, force: true })
  const server = spawn(process.execPath, ['.output/server/index.mjs'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirectory,
      TSS_PRERENDERING: 'true',
      SITE_URL: prerenderPlaceholders.siteUrl,
      HCAPTCHA_SITE_KEY: prerenderPlaceholders.hcaptchaSiteKey,
    },
  })
  let serverLog = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000)
  })
  const exited = once(server, 'exit')

  try {
    await waitUntilServing(origin)
    mkdirSync(outputDirectory, { recursive: true })
    const manifest: PrerenderManifest = { builtInYear: new Date().getFullYear(), pages: {} }
    const failures: string[] = []
    for (const path of prerenderedPaths) {
      // A crawler's user agent: the server sends the whole document at once, no stream.
      const response = await fetchPage(`${origin}${path}`)
      const html = await response.text()
      const nonce = /'nonce-([^']+)'/.exec(
        response.headers.get('content-security-policy') ?? '',
      )?.[1]
      const contentType = response.headers.get('content-type') ?? ''
      const found = [
        ...(response.status === 200 ? [] : [`status ${response.status}`]),
        ...(contentType.startsWith('text/html') ? [] : [`content type ${contentType}`]),
        ...(nonce ? problems(html, nonce, origin) : ['no script nonce in its policy']),
      ]
      if (found.length > 0 || !nonce) {
        failures.push(`${path}: ${found.join('; ')}`)
        continue
      }
      const file = fileName(path)
      writeFileSync(
        join(outputDirectory, file),
        html.replaceAll(nonce, prerenderPlaceholders.nonce),
      )
      manifest.pages[path] = {
        file,
        contentType,
        cacheControl: response.headers.get('cache-control') ?? 'no-cache',
      }
      console.info(`prerendered ${path} → ${join(outputDirectory, file)} (${html.length} bytes)`)
    }
    if (failures.length > 0) {
      throw new Error(`Prerendering failed:\n  ${failures.join('\n  ')}`)
    }
    writeFileSync(
      join(outputDirectory, prerenderManifestFile),
      `${JSON.stringify(manifest, null, 2)}\n`,
    )
  } finally {
    server.kill('SIGTERM')
    await exited
    rmSync(dataDirectory, { recursive: true, force: true })
  }

  /** Waits until the server answers: it listens only once it can serve (src/server/nitro/node-entry.ts). */
  async function waitUntilServing(url: string) {
    const deadline = Date.now() + 60_000
    while (Date.now() < deadline && server.exitCode === null) {
      try {
        if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok) return
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`The server did not start for prerendering:\n${serverLog}`)
  }
}

/** A page as a crawler gets it, whole. */
const fetchPage = (url: string): Promise<Response> =>
  fetch(url, {
    headers: { 'user-agent': 'MapleHearthPrerenderBot/1.0', 'accept-encoding': 'identity' },
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })

const errorChain = (error: unknown): string =>
  error instanceof Error
    ? `${error.message}${error.cause === undefined ? '' : `: ${errorChain(error.cause)}`}`
    : String(error)

main().catch((error: unknown) => {
  rmSync(outputDirectory, { recursive: true, force: true })
  console.error(errorChain(error))
  process.exit(1)
})
