// Workaround: Start 1.169.5's prerender writes static files with settings fixed at build (no upstream issue found, searched 2026-11-25) and exits 0 on a failed page (https://github.com/TanStack/router/issues/8120); remove once it fails the build (test/canaries/start-prerender.canary.test.ts fails then) and reads settings at start.
/**
 * Prerenders the pages whose content ships with the build (`npm run build` runs it after
 * `vite build`, for the build NITRO_PRESET names). It runs the built server with placeholder
 * configuration, as a server that renders pages at build time (TSS_PRERENDERING: no database, no
 * delivery schedule), renders each page as a crawler would (the whole document, not a stream), and
 * writes the pages with their placeholders to `prerendered/` beside the server's entry. The server
 * fills in its settings at start and allows the scripts that carry the nonce placeholder by their
 * hashes (src/server/prerender/serve-prerendered.server.ts).
 *
 * Any page that fails, or renders anything the server could not fill in, fails the build.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  type PrerenderManifest,
  prerenderDirectoryName,
  prerenderManifestFile,
  prerenderPlaceholders,
} from '../src/lib/http/prerender-manifest.ts'
import { pageCacheControl } from '../src/lib/seo/cache-control.ts'
import { freeLoopbackPort } from './lib/free-port.ts'
import { prerenderedPaths } from './lib/prerendered-paths.ts'

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

/**
 * Each build's server: where it is (the pages go next to its entry, where the server reads them),
 * and how it runs. A node build is started as a process; a serverless build's handler is called
 * in this process, as its platform calls it.
 */
const builds = {
  'node-server': { serverDir: '.output/server', entry: 'index.mjs', runs: 'process' },
  netlify: { serverDir: '.netlify/functions-internal/server', entry: 'main.mjs', runs: 'handler' },
} as const

type Renderer = { origin: string; render(path: string): Promise<Response>; close(): Promise<void> }

/** What the server is told: it renders pages at build time, with placeholders for the settings. */
const renderingEnvironment = (dataDirectory: string) => ({
  DATA_DIR: dataDirectory,
  TSS_PRERENDERING: 'true',
  SITE_URL: prerenderPlaceholders.siteUrl,
  HCAPTCHA_SITE_KEY: prerenderPlaceholders.hcaptchaSiteKey,
})

/** A page as a crawler gets it, whole (no stream). */
const crawlerHeaders = {
  'user-agent': 'MapleHearthPrerenderBot/1.0',
  'accept-encoding': 'identity',
}

async function startProcess(entry: string, dataDirectory: string): Promise<Renderer> {
  const port = await freeLoopbackPort()
  const origin = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [entry], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...renderingEnvironment(dataDirectory),
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  })
  let serverLog = ''
  server.stderr?.on('data', (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-20_000)
  })
  const exited = once(server, 'exit')
  const close = async () => {
    server.kill('SIGTERM')
    await exited
  }
  // It listens only once it can serve (src/server/nitro/node-entry.ts): the first answer counts.
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      if ((await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) })).ok) {
        return {
          origin,
          close,
          render: (path) =>
            fetch(`${origin}${path}`, {
              headers: crawlerHeaders,
              redirect: 'manual',
              signal: AbortSignal.timeout(30_000),
            }),
        }
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await close()
  throw new Error(`The server did not start for prerendering:\n${serverLog}`)
}

async function loadHandler(entry: string, dataDirectory: string): Promise<Renderer> {
  Object.assign(process.env, renderingEnvironment(dataDirectory))
  const module = (await import(pathToFileURL(resolve(entry)).href)) as {
    default: (request: Request) => Promise<Response>
  }
  const origin = 'http://127.0.0.1:9'
  return {
    origin,
    close: async () => {},
    render: (path) => module.default(new Request(`${origin}${path}`, { headers: crawlerHeaders })),
  }
}

async function main() {
  const preset = process.env.NITRO_PRESET ?? 'node-server'
  const build = builds[preset as keyof typeof builds]
  if (!build)
    throw new Error(`No prerendering for the ${preset} build: add it to scripts/prerender.ts`)
  const outputDirectory = join(build.serverDir, prerenderDirectoryName)
  const dataDirectory = mkdtempSync(join(tmpdir(), 'prerender-data-'))
  // The server answers pages it finds prerendered from a previous build: start without them.
  rmSync(outputDirectory, { recursive: true, force: true })
  const entry = join(build.serverDir, build.entry)
  const renderer =
    build.runs === 'process'
      ? await startProcess(entry, dataDirectory)
      : await loadHandler(entry, dataDirectory)

  try {
    mkdirSync(outputDirectory, { recursive: true })
    const manifest: PrerenderManifest = { builtInYear: new Date().getFullYear(), pages: {} }
    const failures: string[] = []
    for (const path of prerenderedPaths) {
      const response = await renderer.render(path)
      const html = await response.text()
      const nonce = /'nonce-([^']+)'/.exec(
        response.headers.get('content-security-policy') ?? '',
      )?.[1]
      const contentType = response.headers.get('content-type') ?? ''
      const found = [
        ...(response.status === 200 ? [] : [`status ${response.status}`]),
        ...(contentType.startsWith('text/html') ? [] : [`content type ${contentType}`]),
        ...(nonce ? problems(html, nonce, renderer.origin) : ['no script nonce in its policy']),
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
        // Its content ships with the build; the render itself said private, for its nonce's sake.
        cacheControl: pageCacheControl.static,
        link: response.headers.get('link') ?? undefined,
      }
      console.info(`prerendered ${path} → ${join(outputDirectory, file)} (${html.length} bytes)`)
    }
    if (failures.length > 0) {
      rmSync(outputDirectory, { recursive: true, force: true })
      throw new Error(`Prerendering failed:\n  ${failures.join('\n  ')}`)
    }
    writeFileSync(
      join(outputDirectory, prerenderManifestFile),
      `${JSON.stringify(manifest, null, 2)}\n`,
    )
  } finally {
    await renderer.close()
    rmSync(dataDirectory, { recursive: true, force: true })
  }
}

const errorChain = (error: unknown): string =>
  error instanceof Error
    ? `${error.message}${error.cause === undefined ? '' : `: ${errorChain(error.cause)}`}`
    : String(error)

main().then(
  // A serverless handler loaded here may keep timers of its own: the pages are written.
  () => process.exit(0),
  (error: unknown) => {
    console.error(errorChain(error))
    process.exit(1)
  },
)
