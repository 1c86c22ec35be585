import { css } from 'styled-system/css'

const shimmer = css({
  bgGradient: 'to-r',
  gradientFrom: 'bg.skeleton',
  gradientVia: 'bg.skeletonShine',
  gradientTo: 'bg.skeleton',
  backgroundSize: '200% 100%',
  animation: 'shimmer 1.4s linear infinite',
  borderRadius: 'sm',
})

/** Shimmering stand-ins for `count` cards while their data loads. */
export function SkeletonGrid({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className={css({ srOnly: true })}>{label}</span>
      <div className={gridClass}>
        {Array.from({ length: count }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
            key={`skeleton-${i + 1}`}
            aria-hidden="true"
            data-skeleton=""
            className={css({
              borderRadius: 'lg',
              overflow: 'hidden',
              borderWidth: '1px',
              borderColor: 'border.default',
              bg: 'bg.canvas',
            })}
          >
            <div className={shimmer} style={{ aspectRatio: '4 / 3' }} />
            <div className={css({ p: '5', display: 'grid', gap: '3' })}>
              <div className={shimmer} style={{ height: 18, width: '70%' }} />
              <div className={shimmer} style={{ height: 14, width: '45%' }} />
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}

export const gridClass = css({
  display: 'grid',
  gap: { base: '5', md: '6' },
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
})

/** The width of an image filling a cell of gridClass, for `sizes`. */
export const gridImageSizes = '(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw'
