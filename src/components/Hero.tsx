import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { buttonGroup, siteContainer } from 'styled-system/recipes'
import type { PortraitSources, ResponsiveImage } from '#src/content/responsive-image.ts'
import { QuoteAndCall } from './CallToActionBand'
import { Picture } from './Picture'

/** One of our site images (with its portrait crops), or a gallery project's photo. */
export type HeroImage = ResponsiveImage & { portrait?: PortraitSources }

export type HeroProps = {
  title: ReactNode
  subtitle?: ReactNode
  eyebrow?: ReactNode
  backgroundImage?: HeroImage
  showCallToAction?: boolean
  /** full: the home page's; page: every other page's; compact: a page whose task starts at once. */
  size?: 'full' | 'page' | 'compact'
  /** Replaces the static background, e.g. with the home page's parallax layer. */
  background?: ReactNode
  /** Buttons of the banner's own, in its row of buttons. */
  children?: ReactNode
}

const heroSizes = {
  full: css({ minH: '90vh', pb: { base: '12', lg: '20' } }),
  page: css({ minH: { base: '360px', md: '480px' }, pb: { base: '12', lg: '20' } }),
  compact: css({ pb: { base: '10', lg: '14' } }),
}

/** The hero's picture: the largest thing above the fold, so it is fetched first, never lazily. */
export function HeroBackgroundImage({ image }: { image: HeroImage }) {
  return (
    <Picture
      image={image}
      portrait={image.portrait}
      sizes="100vw"
      priority
      alt=""
      fit="cover"
      className={css({ position: 'absolute', inset: '0' })}
    />
  )
}

/** The dark banner that opens every page; the header sits on it, white, until scrolled. */
export function Hero({
  title,
  subtitle,
  eyebrow,
  backgroundImage,
  showCallToAction = false,
  size = 'page',
  background,
  children,
}: HeroProps) {
  return (
    <section
      className={cx(
        css({
          position: 'relative',
          isolation: 'isolate',
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          color: 'fg.inverse',
          bg: 'bg.inverse',
          pt: { base: '24', lg: '32' },
        }),
        heroSizes[size],
      )}
    >
      <div aria-hidden="true" className={css({ position: 'absolute', inset: '0', zIndex: '-1' })}>
        {background ?? (backgroundImage ? <HeroBackgroundImage image={backgroundImage} /> : null)}
        <div
          className={css({
            position: 'absolute',
            inset: '0',
            bgGradient: 'to-r',
            gradientFrom: 'heroShade.from',
            gradientVia: { base: 'heroShade.narrow', xl: 'heroShade.via' },
            gradientTo: { base: 'heroShade.narrow', xl: 'heroShade.to' },
          })}
        />
        <div
          className={css({
            position: 'absolute',
            insetInline: '0',
            top: '0',
            h: '48',
            bgGradient: 'to-b',
            gradientFrom: 'heroShade.top',
            gradientTo: 'transparent',
          })}
        />
      </div>
      <div className={siteContainer()}>
        <div className={css({ maxW: '760px' })}>
          {eyebrow ? (
            <p className={css({ textStyle: 'eyebrow', color: 'accent.onDark', mb: '4' })}>
              {eyebrow}
            </p>
          ) : null}
          <h1
            className={css({
              textStyle: 'display',
              color: 'fg.inverse',
              animation: 'fadeUp token(durations.slow) ease-out both',
            })}
          >
            {title}
          </h1>
          {subtitle ? (
            <p
              className={css({
                textStyle: 'lead',
                mt: '5',
                color: 'fg.inverseSoft',
                maxW: '62ch',
                animation: 'fadeUp token(durations.slow) 120ms ease-out both',
              })}
            >
              {subtitle}
            </p>
          ) : null}
          {showCallToAction || children ? (
            <div className={cx(buttonGroup(), css({ mt: '8' }))}>
              {showCallToAction ? <QuoteAndCall /> : null}
              {children}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
