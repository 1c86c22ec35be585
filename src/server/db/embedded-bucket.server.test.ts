import { describe, expect, it, vi } from 'vitest'
import { fixtureManifest } from '../../../test/support/gallery-fixtures'
import { bucketObjectsFromManifest } from './embedded-bucket.server'

describe('bucketObjectsFromManifest', () => {
  it('lists each project image with its details and each additional image once', () => {
    const objects = bucketObjectsFromManifest(fixtureManifest)
    expect(objects.map((object) => object.name)).toEqual([
      'kitchen/modern-oak-galley.webp',
      'kitchen/modern-oak-galley/detail-1.webp',
      'kitchen/modern-oak-galley/detail-2.webp',
      'bathroom/spa-ensuite.webp',
      'bathroom/spa-ensuite/detail-1.webp',
      'commercial/dental-clinic-reception.webp',
      'carpentry/walnut-built-ins.webp',
      'carpentry/walnut-built-ins/detail-1.webp',
    ])
    expect(objects[0]).toEqual({
      name: 'kitchen/modern-oak-galley.webp',
      metadata: { mimetype: 'image/webp' },
      user_metadata: {
        title: 'Modern Oak Galley',
        description: 'A galley kitchen opened up with white oak and quartz.',
        location: 'Richmond Hill',
        featured: true,
        order: 1,
        createdAt: '2025-03-14T15:00:00.000Z',
      },
    })
    expect(objects[1]?.user_metadata).toBeNull()
  })

  it('skips entries without a valid path, keeps the valid details of the others, saying why', () => {
    const onInvalid = vi.fn()
    const objects = bucketObjectsFromManifest(
      [
        { path: '../etc/passwd' },
        { title: 'no path' },
        { path: 'kitchen/a.JPG', featured: 'yes', title: 'Kept', additional: 'kitchen/a/1.jpg' },
        { path: 'bathroom/b.png' },
      ],
      onInvalid,
    )
    expect(objects).toEqual([
      {
        name: 'kitchen/a.JPG',
        metadata: { mimetype: 'image/jpeg' },
        user_metadata: { title: 'Kept' },
      },
      { name: 'bathroom/b.png', metadata: { mimetype: 'image/png' }, user_metadata: {} },
    ])
    expect(onInvalid.mock.calls.map(([index]) => index)).toEqual([0, 1, 2])
    expect(bucketObjectsFromManifest({ not: 'a list' }, onInvalid)).toEqual([])
    expect(onInvalid).toHaveBeenLastCalledWith(-1, 'the manifest is not a list')
  })
})
