import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { siteMapGroups } from '../src/features/navigation/site-map'
import { expect, test } from './fixtures'

/**
 * The W3C Nu Html Checker (npm `vnu-jar`, run by Java) over every page as the server sends it:
 * streamed to a browser (the shell, then the parts React fills in) and whole to a crawler, plus
 * the states a sitemap does not list (the project viewer open, a filtered gallery, a 404).
 */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

const sitemapPages = siteMapGroups().flatMap((group) => group.entries.map((entry) => entry.path))
const statePages = [
  '/gallery?category=kitchen&sort=newest',
  '/gallery?q=no-such-project',
  '/services/no-such-service',
  '/areas-of-service/nowhere-kitchen-remodeling',
  '/no-such-page',
]

type VnuMessage = { type: string; subType?: string; url: string; message: string; extract?: string }

test('every page is valid HTML (W3C Nu Html Checker): 0 errors', async ({ request }) => {
  test.setTimeout(120_000)
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'))
  const fileToPage = new Map<string, string>()
  // Project ids come from the database: the viewer opens on the first project the gallery links.
  const gallery = await (await request.get('/gallery')).text()
  const project = gallery.match(/href="\/gallery\?project=([\w-]+)"/)?.[1]
  expect(project, 'the gallery links its projects').toBeTruthy()
  const pages = [...sitemapPages, ...statePages, `/gallery?project=${project}`]
  try {
    for (const [variant, userAgent] of [
      ['browser', undefined],
      ['crawler', crawler],
    ] as const) {
      for (const [index, path] of pages.entries()) {
        const answer = await request.get(path, {
          headers: userAgent ? { 'user-agent': userAgent } : {},
        })
        expect(answer.headers()['content-type'], path).toContain('text/html')
        if (path.includes('project=')) expect(await answer.text(), path).toContain('role="dialog"')
        const file = join(dir, `${variant}-${index}.html`)
        writeFileSync(file, await answer.text())
        fileToPage.set(file, `${path} (${variant})`)
      }
    }
    // The JIT's first tier only: a check of seconds never pays back the optimizing compiler, and
    // the same report costs half the CPU (6.1 against 12.6 CPU-seconds for 55 pages). That tier's
    // deeper frames need a larger stack than the checker's 512 kB minimum.
    const java = ['-XX:TieredStopAtLevel=1', '-Xss4m', '-jar', vnuJar]
    const run = spawnSync('java', [...java, '--format', 'json', ...fileToPage.keys()], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    expect(run.error, 'java runs it: apt-get install default-jre-headless').toBeUndefined()
    // The checker writes its JSON report to standard error.
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] }
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => {
        const page = fileToPage.get(message.url.replace(/^file:/, '')) ?? message.url
        return `${page}: ${message.message} ${message.extract ?? ''}`.trim()
      })
    expect(errors).toEqual([])
    expect(fileToPage.size).toBe(2 * pages.length)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
