import type { ReactNode, SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

export function Icon({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  )
}

/** An outline icon drawn with these shapes. */
const iconOf = (shapes: ReactNode) => (p: IconProps) => <Icon {...p}>{shapes}</Icon>

export const PhoneIcon = iconOf(
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />,
)
export const MenuIcon = iconOf(<path d="M4 6h16M4 12h16M4 18h16" />)
export const CloseIcon = iconOf(<path d="M18 6 6 18M6 6l12 12" />)
export const ChevronLeftIcon = iconOf(<path d="m15 18-6-6 6-6" />)
export const ChevronRightIcon = iconOf(<path d="m9 18 6-6-6-6" />)
export const ChevronDownIcon = iconOf(<path d="m6 9 6 6 6-6" />)
export const ArrowRightIcon = iconOf(<path d="M5 12h14M13 6l6 6-6 6" />)
export const MailIcon = iconOf(
  <>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </>,
)
export const MapPinIcon = iconOf(
  <>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
    <circle cx="12" cy="10" r="3" />
  </>,
)
export const ClockIcon = iconOf(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </>,
)
export const CheckIcon = iconOf(<path d="M20 6 9 17l-5-5" />)
export const ExternalLinkIcon = iconOf(
  <path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
)
export const StarIcon = ({ filled = true, ...p }: IconProps & { filled?: boolean }) => (
  <Icon {...p} fill={filled ? 'currentColor' : 'none'} strokeWidth={1.5}>
    <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2L5.8 21 7 14.2 2 9.3l6.9-1z" />
  </Icon>
)
export const SearchIcon = iconOf(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
)
