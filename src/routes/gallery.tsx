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
import { siteImages } from '~/features/media/site-images'
import { pageCacheControl } from '~/features/seo/cache-control'
import { pageHead } from '~/features/seo/page-head'
import { breadcrumbJsonLd } from '~/features/seo/structured-data'

export const Route = createFileRoute('/gallery')({
  validateSearch: gallerySearchSchema,
  search: { middlewares: [stripSearchParams(gallerySearchDefaults)] },
  // Not awaited: the shell streams at once and the grid follows in the same response.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(galleryQueryOptions())
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: ({ match }) =>
    pageHead({
      path: '/gallery',
      siteUrl: match.context.publicConfig.siteUrl,
      lcpImage: siteImages['gallery-hero'],
      structuredData: [
        breadcrumbJsonLd(match.context.publicConfig.siteUrl, [
          { name: 'Gallery', path: '/gallery' },
        ]),
      ],
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
