import type { ReactElement } from 'react'
import type { FeatureIconName } from '#src/content/feature-icons.ts'
import { Icon } from './icons'

const paths: Record<FeatureIconName, ReactElement> = {
  tools: (
    <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z" />
  ),
  award: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.2 13.8 7 22l5-3 5 3-1.2-8.2" />
    </>
  ),
  'shield-check': (
    <>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  tag: (
    <>
      <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L2 12V2h10l8.6 8.6a2 2 0 0 1 0 2.8z" />
      <circle cx="7" cy="7" r="1.5" />
    </>
  ),
  badge: (
    <>
      <path d="M12 2 15 5h4v4l3 3-3 3v4h-4l-3 3-3-3H5v-4l-3-3 3-3V5h4z" />
      <path d="m9 12 2 2 4-4" />
    </>
  ),
  handshake: (
    <path d="m11 17 2 2a1.4 1.4 0 0 0 2-2M14 14l2.5 2.5a1.4 1.4 0 0 0 2-2L15 11l-3 1-2-2 4-3 7 5M3 12l5-5 3 1M3 12l4 4 2-2 2 2" />
  ),
  calendar: (
    <>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18M8 15h2M14 15h2" />
    </>
  ),
  star: <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />,
  leaf: (
    <>
      <path d="M11 20A7 7 0 0 1 4 13c0-6 5-10 16-10 0 11-4 17-9 17z" />
      <path d="M4 21c3-5 6-8 11-11" />
    </>
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="6" ry="3" />
      <path d="M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7M3 12v5c0 1.7 2.7 3 6 3 1.2 0 2.4-.2 3.3-.5" />
      <path d="M15 15.5c.8.3 1.9.5 3 .5 2.2 0 3-.9 3-2v-3c0-1.1-1.3-2-3.5-2.2" />
    </>
  ),
  'house-value': (
    <>
      <path d="M3 11 12 3l9 8M5 10v10h14V10" />
      <path d="m9 16 3-3 2 2 3-3" />
    </>
  ),
  plug: <path d="M9 2v5M15 2v5M6 7h12v4a6 6 0 0 1-12 0zM12 17v5" />,
  sparkle: (
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  ),
  key: (
    <>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.3-9.3M16 7l3 3M18 5l2 2" />
    </>
  ),
}

export function FeatureIcon({ name, size = 28 }: { name: FeatureIconName; size?: number }) {
  return (
    <Icon size={size} strokeWidth={1.8}>
      {paths[name]}
    </Icon>
  )
}
