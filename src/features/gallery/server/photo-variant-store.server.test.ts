import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { prunePhotoVariants } from '#scripts/lib/photo-variant-folders.ts'
import { createPhotoVariantStore } from './embedded-photo-variants.server'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'photo-variant-store-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const photo = (width: number, colour = '#996633') =>
  sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

async function putPhoto(folder: string, path: string, width = 1000, colour?: string) {
  const file = join(root, folder, path)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, await photo(width, colour))
  return file
}

const store = () => createPhotoVariantStore(join(root, 'variants'), join(root, 'bucket'))

describe('photo variant store', () => {
  it('answers at once with the photo itself until its variants are made, then with each variant', async () => {
    const file = await putPhoto('bucket', 'kitchen/oak.jpg')
    const variants = store()
    const request = { photoPath: 'kitchen/oak.jpg', width: 800, format: 'avif' } as const

    const before = await variants.find(request)
    expect(before).toMatchObject({ kind: 'photo', file })
    expect(existsSync(join(root, 'variants'))).toBe(false)

    // Asked twice at once, it is made once.
    expect(
      await Promise.all([variants.prepare('kitchen/oak.jpg'), variants.prepare('kitchen/oak.jpg')]),
    ).toEqual([8, 0])
    expect(await variants.prepare('kitchen/oak.jpg')).toBe(0)
    const after = await variants.find(request)
    expect(after?.kind).toBe('variant')
    expect(after?.file).toMatch(/variants\/kitchen\/oak\.jpg\/[0-9a-z]+-[0-9a-z]+\/800\.avif$/)
    expect((await sharp(after?.file).metadata()).width).toBe(800)
  })

  it('stands in with the nearest ready width, at least as wide if it can; WebP for AVIF, never AVIF for WebP', async () => {
    await putPhoto('bucket', 'kitchen/oak.jpg', 2000)
    const variants = store()
    await variants.prepare('kitchen/oak.jpg')
    const [stamp = ''] = readdirSync(join(root, 'variants', 'kitchen', 'oak.jpg'))
    const made = join(root, 'variants', 'kitchen', 'oak.jpg', stamp)
    const find = async (width: 400 | 800 | 1200 | 1600, format: 'avif' | 'webp') => {
      const answer = await variants.find({ photoPath: 'kitchen/oak.jpg', width, format })
      return `${answer?.kind} ${basename(answer?.file ?? '')}`
    }

    rmSync(join(made, '800.avif'))
    expect(await find(800, 'avif')).toBe('nearest 1200.avif')
    rmSync(join(made, '1600.avif'))
    rmSync(join(made, '1600.webp'))
    expect(await find(1600, 'avif')).toBe('nearest 1200.avif')
    expect(await find(1600, 'webp')).toBe('nearest 1200.webp')
    for (const name of ['400.avif', '1200.avif']) rmSync(join(made, name))
    expect(await find(800, 'avif')).toBe('nearest 800.webp')
    for (const name of ['400.webp', '800.webp', '1200.webp']) rmSync(join(made, name))
    expect(await find(400, 'webp')).toBe('photo oak.jpg')
  })

  it('never serves the variant of an earlier photo under the same name', async () => {
    const file = await putPhoto('bucket', 'kitchen/oak.jpg', 1000, '#ff0000')
    const variants = store()
    const request = { photoPath: 'kitchen/oak.jpg', width: 400, format: 'webp' } as const
    await variants.prepare('kitchen/oak.jpg')
    const before = await variants.find(request)
    expect(before?.kind).toBe('variant')

    writeFileSync(file, await photo(1200, '#0000ff'))
    utimesSync(file, new Date(), new Date(Date.now() + 5_000))
    expect(await variants.find(request)).toMatchObject({ kind: 'photo', file })

    expect(await variants.prepare('kitchen/oak.jpg')).toBe(8)
    const after = await variants.find(request)
    expect(after?.file).not.toBe(before?.file)
    const { data } = await sharp(after?.file).raw().toBuffer({ resolveWithObject: true })
    expect(data[2]).toBeGreaterThan(200)
    expect(existsSync(before?.file ?? '')).toBe(false)
  })

  it('has nothing for a photo that does not exist, or a path outside its folders', async () => {
    await putPhoto('bucket', 'kitchen/oak.jpg')
    writeFileSync(join(root, 'secret.jpg'), await photo(400))
    const variants = store()
    for (const photoPath of ['kitchen/missing.jpg', '../secret.jpg', 'kitchen/../../secret.jpg']) {
      expect(await variants.find({ photoPath, width: 400, format: 'webp' })).toBeUndefined()
      expect(await variants.prepare(photoPath)).toBe(0)
    }
    expect(existsSync(join(root, 'variants'))).toBe(false)
  })

  it('rejects a photo that is not an image, keeps nothing for it, and does not try it again until it changes', async () => {
    const file = join(root, 'bucket', 'kitchen', 'broken.jpg')
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, 'not a jpeg')
    const variants = store()
    await expect(variants.prepare('kitchen/broken.jpg')).rejects.toThrow()
    expect(await variants.prepare('kitchen/broken.jpg')).toBe(0)
    expect(existsSync(join(root, 'variants', 'kitchen', 'broken.jpg'))).toBe(false)
    expect(
      await variants.find({ photoPath: 'kitchen/broken.jpg', width: 400, format: 'webp' }),
    ).toMatchObject({ kind: 'photo', file })

    writeFileSync(file, await photo(600))
    expect(await variants.prepare('kitchen/broken.jpg')).toBe(8)
  })

  it('prepares every variant of a photo at once; the import prunes photos that are gone', async () => {
    await putPhoto('bucket', 'kitchen/oak.jpg')
    await putPhoto('bucket', 'kitchen/oak/detail-1.jpg')
    const variants = store()

    expect(await variants.prepare('kitchen/oak.jpg')).toBe(8)
    expect(await variants.prepare('kitchen/oak/detail-1.jpg')).toBe(8)
    expect(await variants.prepare('kitchen/oak.jpg')).toBe(0)
    const [stamp = ''] = readdirSync(join(root, 'variants', 'kitchen', 'oak.jpg'))
    expect(readdirSync(join(root, 'variants', 'kitchen', 'oak.jpg', stamp)).sort()).toEqual([
      '1200.avif',
      '1200.webp',
      '1600.avif',
      '1600.webp',
      '400.avif',
      '400.webp',
      '800.avif',
      '800.webp',
    ])

    expect(await prunePhotoVariants(join(root, 'variants'), new Set(['kitchen/oak.jpg']))).toEqual([
      'kitchen/oak/detail-1.jpg',
    ])
    expect(existsSync(join(root, 'variants', 'kitchen', 'oak.jpg'))).toBe(true)
    expect(existsSync(join(root, 'variants', 'kitchen', 'oak', 'detail-1.jpg'))).toBe(false)
  })
})
