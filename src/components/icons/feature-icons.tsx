import type { ReactElement } from 'react'
import type { WhyChooseUsIcon } from '~/features/content/home.schema'

const paths: Record<WhyChooseUsIcon, ReactElement> = {
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
}

export function FeatureIcon({ name, size = 28 }: { name: WhyChooseUsIcon; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  )
}
