import type { BucketManifestEntry } from '#src/server/db/embedded-bucket.server.ts'

/** A small bucket listing in the shape of public/storage/v1/object/public/gallery/manifest.json. */
export const fixtureManifest = [
  {
    path: 'kitchen/modern-oak-galley.webp',
    additional: [
      'kitchen/modern-oak-galley/detail-1.webp',
      'kitchen/modern-oak-galley/detail-2.webp',
    ],
    title: 'Modern Oak Galley',
    description: 'A galley kitchen opened up with white oak and quartz.',
    location: 'Richmond Hill',
    featured: true,
    order: 1,
    createdAt: '2025-03-14T15:00:00.000Z',
  },
  {
    path: 'bathroom/spa-ensuite.webp',
    additional: ['bathroom/spa-ensuite/detail-1.webp'],
    title: 'Spa Ensuite',
    description: 'A walk-in shower with heated floors.',
    location: 'Concord',
    featured: false,
    order: 2,
    createdAt: '2024-11-02T10:30:00.000Z',
  },
  {
    path: 'commercial/dental-clinic-reception.webp',
    additional: [],
    createdAt: '2024-06-20T09:00:00.000Z',
  },
  {
    path: 'carpentry/walnut-built-ins.webp',
    additional: ['carpentry/walnut-built-ins/detail-1.webp'],
    title: 'Walnut Built-ins',
    location: 'Etobicoke',
    featured: true,
    order: 0,
  },
] satisfies BucketManifestEntry[]
