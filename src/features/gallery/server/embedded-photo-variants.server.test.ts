import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveImageFile } from './embedded-photo-variants.server'

let root: string
let folder: string
const get = (path: string, headers: Record<string, string> = {}, cacheControl?: string) =>
  serveImageFile(folder, path, new Request('http://site.test/photo', { headers }), cacheControl)

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'bucket-files-'))
  folder = join(root, 'gallery')
  mkdirSync(join(folder, 'kitchen', 'oak galley'), { recursive: true })
  writeFileSync(join(folder, 'kitchen', 'oak galley', 'detail-1.webp'), 'RIFF-webp')
  writeFileSync(join(folder, 'kitchen', '100% oak.webp'), 'RIFF-100')
  writeFileSync(join(folder, 'manifest.json'), '[]')
  writeFileSync(join(root, 'secret.webp'), 'outside')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('serveImageFile', () => {
  it('serves a photo of the folder with its type, size, date and the Cache-Control asked for', async () => {
    const response = await get('kitchen/oak galley/detail-1.webp', {}, 'public, no-cache')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('content-length')).toBe('9')
    expect(response.headers.get('cache-control')).toBe('public, no-cache')
    expect(await response.text()).toBe('RIFF-webp')

    const lastModified = response.headers.get('last-modified') ?? ''
    const again = await get('kitchen/oak galley/detail-1.webp', {
      'if-modified-since': lastModified,
    })
    expect(again.status).toBe(304)
  })

  it('takes the path as the router decoded it: a % in a name is the file’s own', async () => {
    const response = await get('kitchen/100% oak.webp')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('RIFF-100')
  })

  it('answers 404, never cached, for what is not a photo inside the folder', async () => {
    for (const path of [
      'kitchen/missing.webp',
      'manifest.json',
      '../secret.webp',
      'kitchen/../../secret.webp',
      'kitchen\\..\\..\\secret.webp',
      'kitchen/100%25 oak.webp',
      'kitchen/\0.webp',
      'kitchen',
    ]) {
      const response = await get(path, {}, 'public, no-cache')
      expect(response.status, path).toBe(404)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
    }
  })
})
