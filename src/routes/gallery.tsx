import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { Suspense } from 'react'
import { SkeletonGrid } from '~/components/Skeleton'
import {
  GalleryHero,
  GalleryResults,
  GallerySection,
} from '~/features/gallery/components/GalleryPage'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import { gallerySearchDefaults, gallerySearchSchema } from '~/features/gallery/gallery-view'
import { pageHead } from '~/features/seo/page-head'

export const Route = createFileRoute('/gallery')({
  validateSearch: gallerySearchSchema,
  search: { middlewares: [stripSearchParams(gallerySearchDefaults)] },
  loader: ({ context }) => context.queryClient.ensureQueryData(galleryQueryOptions()),
  head: ({ match }) =>
    pageHead({
      path: '/gallery',
      siteUrl: match.context.publicConfig.siteUrl,
      title: 'Project Gallery: Kitchens, Bathrooms & Carpentry',
      description:
        'Browse kitchens, bathrooms, commercial spaces and custom carpentry built by Maple Hearth Renovations across Richmond Hill and the Greater Toronto Area.',
    }),
  component: GalleryRoute,
})

function GalleryRoute() {
  const search = Route.useSearch()
  return (
    <>
      <GalleryHero />
      <GallerySection search={search}>
        <Suspense fallback={<SkeletonGrid count={9} label="Loading projects…" />}>
          <GalleryResults search={search} />
        </Suspense>
      </GallerySection>
    </>
  )
}
