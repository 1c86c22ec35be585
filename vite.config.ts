import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import {
  describeBundledPhotoVariants,
  writeBundledPhotoVariants,
} from './scripts/lib/photo-variant-folders.ts'
import { staticSecurityHeaders } from './src/lib/http/security-headers.ts'
import { pictureCacheControl } from './src/lib/seo/cache-control.ts'
import { staticPandaCss } from './tools/vite/static-panda-css.ts'

type OnWarn = NonNullable<
  NonNullable<NonNullable<UserConfig['build']>['rolldownOptions']>['onwarn']
>

/** Libraries mark client components with "use client"; the directive means nothing here. */
const ignoreUseClientDirectives: OnWarn = (warning, warn) => {
  if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
}

/**
 * Where the build runs (Nitro's presets, chosen with NITRO_PRESET): node-server by default, with
 * the embedded database; the serverless presets serve Supabase only.
 */
const preset = process.env.NITRO_PRESET ?? 'node-server'
const nodeServer = preset === 'node-server' || preset === 'node'

/**
 * The node-server build serves the embedded gallery: the variants of the photos it ships are made
 * at build time (kept between builds in node_modules/.cache) and served as static files.
 */
const bundledPhotoVariants = {
  photoFolder: 'public/storage/v1/object/public/gallery',
  outputFolder: 'node_modules/.cache/build-photo-variants/files',
  encodingFile: 'node_modules/.cache/build-photo-variants/encoding.json',
}

/**
 * What only some visits need: they stay in chunks of their own, loaded on first use. The form's
 * own dependencies (pacer-lite, devtools-event-client) are named too, or `shell` takes them.
 */
const loadedOnUse =
  /[\\/](@ark-ui|@zag-js|@floating-ui|sonner|@hcaptcha|@tanstack[\\/]((react-)?form[^\\/]*|pacer-lite|devtools-event-client)|web-vitals)[\\/]|\.lazy\.tsx$/
/** Shared sections and primitives that most pages render (the rest stay with the pages using them). */
const sharedSections = /[\\/](src[\\/](components|lib|theme)|styled-system)[\\/]/
const sharedSectionsNotEverywhere =
  /[\\/](MapStandIn|IconButtonTooltip|Field|Skeleton|TestimonialCard|StarRating)\.tsx$/
const sharedContent =
  /[\\/]src[\\/]content[\\/](site-images|service-cards|image-alt)(\.content)?\.ts$/

/**
 * A page's first load in two shared chunks and its own instead of 17-29 small ones (issue 21,
 * decision 018): `shell` is what every page runs (React, TanStack's router and Query and, pulled
 * in through Start's client entry, our router and the site's layout), `sections` the shared page
 * sections. Rolldown's default gives every set of route chunks sharing a module a file of its own;
 * each file is a request (six at a time over HTTP/1.1), a module to compile and link, and
 * main-thread tasks for its arrival. Same bytes per page within 5 kB (bench/first-load.ts).
 */
const firstLoadChunks = {
  groups: [
    {
      name: 'shell',
      test: (id: string) => id.includes('node_modules') && !loadedOnUse.test(id),
      priority: 2,
    },
    {
      name: 'sections',
      test: (id: string) =>
        (sharedSections.test(id) &&
          !sharedSectionsNotEverywhere.test(id) &&
          !loadedOnUse.test(id)) ||
        sharedContent.test(id),
      priority: 1,
    },
  ],
}

/**
 * The first-load chunks ask V8 to compile every function while the file downloads, on a
 * background thread, instead of each one on the main thread when first called (V8's explicit
 * compile hints, Chromium 136+; other engines read a comment). React, the router and our sections
 * mostly run on every page's start (decision 019). Written here because the hint must be the file's
 * first line and Vite prepends its preload map above any banner (`output.postBanner` lands on line
 * 2); once Vite leaves line 1 to the banner, `postBanner` can replace this plugin.
 */
const compileHintsForFirstLoad: Plugin = {
  name: 'compile-hints-for-first-load',
  applyToEnvironment: (environment) => environment.name === 'client',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !firstLoadChunks.groups.some((g) => g.name === file.name)) {
          continue
        }
        file.code = `//# allFunctionsCalledOnLoad\n${file.code}`
        // The bench's source maps (BENCH_SOURCEMAPS) follow the code one line down.
        const map = bundle[`${file.fileName}.map`]
        if (map?.type === 'asset' && typeof map.source === 'string') {
          const json = JSON.parse(map.source) as { mappings: string }
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` })
        }
      }
    },
  },
}

export default defineConfig(({ command }) => ({
  resolve: { tsconfigPaths: true },
  // `npm run dev` listens on PORT, as the built server does (3000 when unset).
  server: { port: Number(process.env.PORT ?? 3000) },
  environments: {
    client: {
      build: {
        // Only the bench asks for maps, to attribute bytes to the framework or to us.
        sourcemap: process.env.BENCH_SOURCEMAPS ? 'hidden' : false,
        rolldownOptions: { output: { codeSplitting: firstLoadChunks } },
      },
    },
  },
  plugins: [
    staticPandaCss(),
    compileHintsForFirstLoad,
    tanstackStart(),
    viteReact(),
    nitro({
      // PGlite's wasm and data files are not traced by the bundler: the node-server build ships
      // the whole package; the others leave it out (it loads only in embedded mode).
      ...(nodeServer ? { traceDeps: ['@electric-sql/pglite*'] } : {}),
      // It listens once ready and stops without losing a request (its header says how).
      ...(command === 'build' && nodeServer ? { entry: './src/server/nitro/node-entry.ts' } : {}),
      ...(command === 'build' && nodeServer
        ? {
            publicAssets: [
              {
                dir: bundledPhotoVariants.outputFolder,
                baseURL: '/storage/v1/object/public/gallery-variants',
                // A variant the build lacks goes on to the route that makes it.
                fallthrough: true,
              },
            ],
            hooks: {
              'build:before': async () => {
                const report = await writeBundledPhotoVariants(bundledPhotoVariants)
                console.info(
                  describeBundledPhotoVariants(report, bundledPhotoVariants.outputFolder),
                )
              },
            },
          }
        : {}),
      plugins: ['./src/server/nitro/server-lifecycle.server.ts'],
      rolldownConfig: {
        onwarn: ignoreUseClientDirectives,
        ...(nodeServer ? {} : { external: ['@electric-sql/pglite'] }),
        // Workaround: a CommonJS module bundled by Nitro's rolldown has no `__filename`, which write-file-atomic names its temporary files with (none filed; reproduction: test/canaries/rolldown-cjs-filename.canary.test.ts); remove once that canary fails.
        transform: { define: { __filename: 'import.meta.filename' } },
      },
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
        '/images/**': {
          headers: { ...staticSecurityHeaders, 'cache-control': pictureCacheControl },
        },
        // Photo variants (gallery-variants/) get theirs from the response policy: a route rule
        // would override the stand-in's, which must be revalidated on every use.
        '/storage/v1/object/public/gallery/**': {
          headers: { ...staticSecurityHeaders, 'cache-control': pictureCacheControl },
        },
      },
    }),
  ],
}))
