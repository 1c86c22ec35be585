import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bucketObjectsFromManifest } from './embedded-bucket.server'
import { bundledBucketManifest } from './embedded-sql.server'

const bucketFolder = join(process.cwd(), 'public/storage/v1/object/public/gallery')

const imagesIn = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(jpe?g|png|webp|avif)$/i.test(entry.name))
    .map((entry) => relative(bucketFolder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()

describe('the bucket the site ships', () => {
  it('has a manifest that lists exactly the images in its folder', async () => {
    const problems: string[] = []
    const objects = await bucketObjectsFromManifest(
      bundledBucketManifest() as unknown[],
      (index, reason) => problems.push(`entry ${index}: ${reason}`),
    )
    expect(problems).toEqual([])
    expect(objects.map((object) => object.name).sort()).toEqual(imagesIn(bucketFolder))
  })
})
