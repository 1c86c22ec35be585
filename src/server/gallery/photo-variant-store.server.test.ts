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
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPhotoVariantStore } from './photo-variant-store.server'
import { makePhotoVariants } from './photo-variants.server'

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

/** The real variant maker, counting the photos it was asked to work on. */
function countingMaker() {
  const calls: number[] = []
  const make: typeof makePhotoVariants = async (input, wanted) => {
    calls.push(wanted?.length ?? 8)
    return makePhotoVariants(input, wanted)
  }
  return { calls, make }
}

function store(make?: typeof makePhotoVariants) {
  return createPhotoVariantStore({
    directory: join(root, 'variants'),
    photoFolders: [join(root, 'bucket'), join(root, 'bundled')],
    make,
  })
}

describe('photo variant store', () => {
  it('makes a variant on its first request and serves the file it kept after that', async () => {
    await putPhoto('bucket', 'kitchen/oak.jpg')
    const { calls, make } = countingMaker()
    const variants = store(make)
    const request = { photoPath: 'kitchen/oak.jpg', width: 800, format: 'avif' } as const

    const [first, second] = await Promise.all([
      variants.variantFile(request),
      variants.variantFile(request),
    ])
    expect(calls).toEqual([1])
    expect(first?.file).toBe(second?.file)
    expect(first?.file).toMatch(/variants\/kitchen\/oak\.jpg\/[0-9a-z]+-[0-9a-z]+\/800\.avif$/)
    expect((await sharp(first?.file).metadata()).width).toBe(800)

    expect((await variants.variantFile(request))?.file).toBe(first?.file)
    expect(calls).toEqual([1])
  })

  it('never serves the variant of an earlier photo under the same name', async () => {
    const file = await putPhoto('bucket', 'kitchen/oak.jpg', 1000, '#ff0000')
    const variants = store()
    const request = { photoPath: 'kitchen/oak.jpg', width: 400, format: 'webp' } as const
    const before = await variants.variantFile(request)

    writeFileSync(file, await photo(1200, '#0000ff'))
    utimesSync(file, new Date(), new Date(Date.now() + 5_000))
    const after = await variants.variantFile(request)

    expect(after?.file).not.toBe(before?.file)
    const { data } = await sharp(after?.file).raw().toBuffer({ resolveWithObject: true })
    expect(data[2]).toBeGreaterThan(200)
    expect(existsSync(before?.file ?? '')).toBe(false)
  })

  it('finds photos of the build when the bucket folder lacks them', async () => {
    await putPhoto('bundled', 'bathroom/spa.jpg')
    const made = await store().variantFile({
      photoPath: 'bathroom/spa.jpg',
      width: 400,
      format: 'avif',
    })
    expect(made?.size).toBeGreaterThan(0)
  })

  it('has nothing for a photo that does not exist, or a path outside its folders', async () => {
    await putPhoto('bucket', 'kitchen/oak.jpg')
    writeFileSync(join(root, 'secret.jpg'), await photo(400))
    const variants = store()
    for (const photoPath of ['kitchen/missing.jpg', '../secret.jpg', 'kitchen/../../secret.jpg']) {
      expect(await variants.variantFile({ photoPath, width: 400, format: 'webp' })).toBeUndefined()
    }
    expect(existsSync(join(root, 'variants'))).toBe(false)
  })

  it('rejects a photo that is not an image, and keeps nothing for it', async () => {
    mkdirSync(join(root, 'bucket', 'kitchen'), { recursive: true })
    writeFileSync(join(root, 'bucket', 'kitchen', 'broken.jpg'), 'not a jpeg')
    await expect(
      store().variantFile({ photoPath: 'kitchen/broken.jpg', width: 400, format: 'webp' }),
    ).rejects.toThrow()
    expect(existsSync(join(root, 'variants', 'kitchen', 'broken.jpg'))).toBe(false)
  })

  it('prepares every variant of a photo at once, and prunes photos that are gone', async () => {
    await putPhoto('bucket', 'kitchen/oak.jpg')
    await putPhoto('bucket', 'kitchen/oak/detail-1.jpg')
    const { calls, make } = countingMaker()
    const variants = store(make)

    expect(await variants.prepare('kitchen/oak.jpg')).toBe(8)
    expect(await variants.prepare('kitchen/oak/detail-1.jpg')).toBe(8)
    expect(await variants.prepare('kitchen/oak.jpg')).toBe(0)
    expect(calls).toEqual([8, 8])
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

    expect(await variants.prune(new Set(['kitchen/oak.jpg']))).toEqual(['kitchen/oak/detail-1.jpg'])
    expect(existsSync(join(root, 'variants', 'kitchen', 'oak.jpg'))).toBe(true)
    expect(existsSync(join(root, 'variants', 'kitchen', 'oak', 'detail-1.jpg'))).toBe(false)
  })
})
