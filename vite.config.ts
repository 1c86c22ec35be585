import { fileURLToPath } from 'node:url'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Rolldown, type UserConfig } from 'vite'
import { staticSecurityHeaders } from './src/server/security-headers.ts'

type OnWarn = NonNullable<
  NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn']
>

/** Libraries mark client components with "use client"; the directive means nothing here. */
const ignoreUseClientDirectives: OnWarn = (warning, warn) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
}

const hydrateAppModule = fileURLToPath(new URL('./src/hydrate-app.tsx', import.meta.url))

/**
 * Reached from the app only through package index files that re-export them, and used only by
 * pages that fetch data (server functions, suspense queries): they stay with those pages. The
 * bundler drops such unused re-exports, but the graph below cannot tell; the first-load bench
 * shows what lands in the app chunk.
 */
const pageOnlyFrameworkModules = [
  /\/@tanstack\/query-core\/build\/modern\/queryObserver\.js$/,
  /\/@tanstack\/react-query\/build\/modern\/(useBaseQuery|useSuspenseQuery|suspense|errorBoundaryUtils|QueryErrorResetBoundary|IsRestoringProvider)\.js$/,
  /\/@tanstack\/start-client-core\/dist\/esm\/(createServerFn|safeObjectMerge|getStartContextServerOnly)\.js$/,
  /\/@tanstack\/router-core\/dist\/esm\/ssr\/headers\.js$/,
  /\/cookie-es\//,
]

const appModulesByPass = new WeakMap<Rolldown.ChunkingContext, Set<string>>()

/** Every module the app's hydration imports statically, found once per chunking pass. */
function appModules(ctx: Rolldown.ChunkingContext) {
  let modules = appModulesByPass.get(ctx)
  if (modules) return modules
  modules = new Set<string>()
  const pending = [hydrateAppModule]
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (modules.has(id)) continue
    const info = ctx.getModuleInfo(id)
    if (!info) continue
    modules.add(id)
    pending.push(...info.importedIds)
  }
  appModulesByPass.set(ctx, modules)
  return modules
}

const isAppModule = (id: string, ctx: Rolldown.ChunkingContext) =>
  appModules(ctx).has(id) && !pageOnlyFrameworkModules.some((pattern) => pattern.test(id))

const weekCache = 'public, max-age=604800, stale-while-revalidate=86400'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  build: {
    rolldownOptions: {
      onwarn: ignoreUseClientDirectives,
      // The entry (src/client.tsx) stays tiny; what the app's hydration needs ships as one file:
      // fewer requests, and less repeated module glue than a score of small shared chunks.
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            { name: (id, ctx) => (isAppModule(id, ctx) ? 'app' : null) },
          ],
        },
      },
    },
    // Only the bench asks for maps, to attribute bytes to the framework or to us.
    sourcemap: process.env.BENCH_SOURCEMAPS ? 'hidden' : false,
  },
  plugins: [
    tanstackStart(),
    viteReact(),
    // PGlite's wasm and data files are not traced by the bundler: ship the whole package.
    nitro({
      traceDeps: ['@electric-sql/pglite*'],
      plugins: ['./src/server/nitro/server-lifecycle.ts'],
      rolldownConfig: { onwarn: ignoreUseClientDirectives },
      // Scripts, styles and SVGs ship gzip and brotli twins; the server picks by Accept-Encoding.
      compressPublicAssets: { gzip: true, brotli: true },
      routeRules: {
        '/**': { headers: staticSecurityHeaders },
        // Hashed file names change with their content: browsers and CDNs may keep them for a year.
        '/assets/**': {
          headers: {
            ...staticSecurityHeaders,
            'cache-control': 'public, max-age=31536000, immutable',
          },
        },
        // Our pictures keep their names when redrawn: a week in caches, then revalidated.
        '/images/**': { headers: { ...staticSecurityHeaders, 'cache-control': weekCache } },
        '/storage/**': { headers: { ...staticSecurityHeaders, 'cache-control': weekCache } },
      },
    }),
  ],
})
