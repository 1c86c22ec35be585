import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { SkeletonGrid } from '~/components/Skeleton'
import { siteImages } from '~/content/site-images'
import { GalleryLoad } from '~/features/gallery/components/GalleryLoad'
import {
  GalleryHero,
  GalleryLoadError,
  GalleryResults,
  GallerySection,
} from '~/features/gallery/components/GalleryPage'
import { galleryQueryOptions } from '~/features/gallery/gallery.queries'
import { gallerySearchDefaults, gallerySearchSchema } from '~/features/gallery/gallery-search'
import { pageCacheControl } from '~/features/seo/cache-control'
import { pageHead } from '~/features/seo/page-head'
import { breadcrumbJsonLd } from '~/features/seo/structured-data'

export const Route = createFileRoute('/gallery')({
  validateSearch: gallerySearchSchema,
  search: { middlewares: [stripSearchParams(gallerySearchDefaults)] },
  // The loader (with the gallery's server function, and the head written from the page's
  // copy) loads with the component.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => {
    // Not awaited: the shell streams at once and the grid follows in the same response.
    void context.queryClient.prefetchQuery(galleryQueryOptions())
    return {
      seo: {
        title: 'Project Gallery: Kitchens, Bathrooms & Carpentry',
        description:
          'Browse kitchens, bathrooms, commercial spaces and custom carpentry built by Maple Hearth Renovations across Richmond Hill and the Greater Toronto Area.',
        path: '/gallery',
        siteUrl: context.publicConfig.siteUrl,
        lcpImage: siteImages['gallery-hero'],
        structuredData: [
          breadcrumbJsonLd(context.publicConfig.siteUrl, [{ name: 'Gallery', path: '/gallery' }]),
        ],
      },
    }
  },
  headers: () => ({ 'cache-control': pageCacheControl.galleryData }),
  head: ({ loaderData }) => (loaderData ? pageHead(loaderData.seo) : {}),
  component: GalleryRoute,
})

function GalleryRoute() {
  const search = Route.useSearch()
  return (
    <>
      <GalleryHero />
      <GallerySection search={search}>
        <GalleryLoad
          loading={<SkeletonGrid count={9} label="Loading projects…" />}
          failed={<GalleryLoadError />}
        >
          <GalleryResults search={search} />
        </GalleryLoad>
      </GallerySection>
    </>
  )
}
