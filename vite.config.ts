import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type UserConfig } from 'vite'
import { staticSecurityHeaders } from './src/server/security-headers.ts'

type OnWarn = NonNullable<
  NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn']
>

/** Libraries mark client components with "use client"; the directive means nothing here. */
const ignoreUseClientDirectives: OnWarn = (warning, warn) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
}

const weekCache = 'public, max-age=604800, stale-while-revalidate=86400'

export default defineConfig({
  resolve: { tsconfigPaths: true },
  server: { port: 3000 },
  build: {
    rolldownOptions: {
      onwarn: ignoreUseClientDirectives,
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
