import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { Hero, HeroBackgroundImage } from '#src/components/Hero.tsx'
import { homeContent } from '#src/content/home.content.ts'
import { siteImages } from '#src/content/site-images.ts'

export const parallax = { offset: 0.15, scale: 1.15 } as const

/** Moves the hero's picture at a fraction of the scroll: transform only, so nothing reflows. */
function useParallax() {
  const layer = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = layer.current
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let frame = 0
    const update = () => {
      frame = 0
      element.style.transform = `translate3d(0, ${window.scrollY * parallax.offset}px, 0) scale(${parallax.scale})`
    }
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    update()
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [])
  return layer
}

export function HomeHero() {
  const layer = useParallax()
  const { hero } = homeContent
  return (
    <Hero
      size="full"
      title={hero.title}
      subtitle={hero.subtitle}
      showCallToAction
      background={
        <div
          ref={layer}
          data-parallax=""
          className={css({
            position: 'absolute',
            inset: '0',
            transform: `scale(${parallax.scale})`,
            willChange: 'transform',
          })}
        >
          <HeroBackgroundImage image={siteImages['home-hero']} />
        </div>
      }
    />
  )
}
