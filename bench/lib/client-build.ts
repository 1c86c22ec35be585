/**
 * The browser's part of the build alone, into a folder of its own (never `.output/`), with one
 * module replaced: what a page's scripts would weigh without it. Nitro's plugin points the
 * client's output at `.output/public`; a last plugin points it elsewhere.
 */
import { createBuilder, type Plugin } from 'vite'

export async function buildClientWith(
  replaced: { moduleEnding: string; source: string },
  outDir: string,
): Promise<string> {
  const replace: Plugin = {
    name: 'bench-replace-module',
    enforce: 'pre',
    load: (id) =>
      id.replace(/\.[cm]?[jt]sx?$/, '').endsWith(replaced.moduleEnding)
        ? replaced.source
        : undefined,
  }
  const elsewhere: Plugin = {
    name: 'bench-client-out-dir',
    enforce: 'post',
    configEnvironment: (name) =>
      name === 'client' ? { build: { outDir, emptyOutDir: true, manifest: true } } : undefined,
  }
  const builder = await createBuilder({
    configFile: 'vite.config.ts',
    logLevel: 'error',
    plugins: [replace, elsewhere],
  })
  const client = builder.environments.client
  if (!client) throw new Error('this build has no client environment')
  if (!client.config.build.outDir.startsWith(outDir)) {
    throw new Error(`the client build would go to ${client.config.build.outDir}, not ${outDir}`)
  }
  await builder.build(client)
  return client.config.build.outDir
}
