/**
 * The Netlify build (`npm run build:netlify`) served by Netlify's own local emulator,
 * `@netlify/dev` (what `netlify dev` and Netlify's Vite plugin run on): static files from `dist/`
 * with their `_headers`, and the server function from `.netlify/functions-internal/`, invoked as
 * Netlify invokes it. No account and no network: the emulator runs the function on this machine.
 *
 * Run as its own process (the function runs inside it and reads this process's environment):
 *   node test/support/netlify-emulator.ts   with PORT, and the site's variables.
 * The emulator scans the folder `[functions] directory` names, not Netlify's internal one, so it
 * gets a project folder of its own whose netlify.toml points at the build.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire, registerHooks } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'

// The emulator's function bundler loads ts-api-utils, which npm hoists beside this project's
// TypeScript 7 (a native compiler with no JavaScript API): it gets the TypeScript 5 its
// neighbours in the emulator's tree use instead.
const emulatorTypeScript = pathToFileURL(
  createRequire(resolve('node_modules/precinct/package.json')).resolve('typescript'),
).href
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'typescript' && context.parentURL?.includes('/node_modules/ts-api-utils/')) {
      return { url: emulatorTypeScript, format: 'commonjs', shortCircuit: true }
    }
    return nextResolve(specifier, context)
  },
})
const { NetlifyDev } = await import('@netlify/dev')

// Inside the data directory, which the caller removes even when this process is killed.
const project = mkdtempSync(join(process.env.DATA_DIR ?? tmpdir(), 'netlify-emulator-'))
symlinkSync(resolve('dist'), join(project, 'dist'))
symlinkSync(resolve('.netlify/functions-internal'), join(project, 'functions'))
writeFileSync(
  join(project, 'netlify.toml'),
  '[build]\n  publish = "dist"\n[functions]\n  directory = "functions"\n',
)

const emulator = new NetlifyDev({
  projectRoot: project,
  skipGitignore: true,
  serverAddress: null,
  functions: { enabled: true },
  staticFiles: { enabled: true },
  headers: { enabled: true },
  redirects: { enabled: true },
  environmentVariables: { enabled: true },
  blobs: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
  aiGateway: { enabled: false },
  server: { enabled: false },
})
await emulator.start()

const server = createServer(async (request, response) => {
  try {
    // What `netlify dev`'s proxy does before the emulator (netlify-cli, src/utils/proxy.ts): the
    // peer's address replaces whatever the client wrote; the emulator makes it the function's
    // x-nf-client-connection-ip, which Netlify's edge sets in production.
    request.headers['x-forwarded-for'] = request.socket.remoteAddress ?? ''
    const handled = await emulator.handleAndIntrospectNodeRequest(request)
    if (!handled) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not handled by Netlify')
      return
    }
    response.writeHead(handled.response.status, {
      ...Object.fromEntries(handled.response.headers),
      'x-netlify-emulator': handled.type,
    })
    if (handled.response.body) {
      Readable.fromWeb(handled.response.body as import('node:stream/web').ReadableStream).pipe(
        response,
      )
    } else response.end()
  } catch (error) {
    console.error('emulator error', error)
    response.writeHead(502).end()
  }
})
server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  // The line a production server prints, so the fault helpers wait for it alike.
  console.info(`Netlify emulator. Listening on: http://127.0.0.1:${process.env.PORT}/`)
})

const stop = async () => {
  server.close()
  await emulator.stop()
  rmSync(project, { recursive: true, force: true })
  process.exit(0)
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
