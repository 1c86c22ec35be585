import { type ComponentType, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { MenuIcon } from '../icons/icons'
import type { MenuHandoff, MobileMenuDialogProps } from './MobileMenu.lazy'

const toggleClassName = cx(
  button({ variant: 'ghost', size: 'icon' }),
  css({ display: { base: 'inline-flex', lg: 'none' } }),
)

let loading: Promise<ComponentType<MobileMenuDialogProps>> | undefined
const loadMenu = () => {
  loading ??= import('./MobileMenu.lazy').then(
    (module) => module.MobileMenuDialog,
    (error: unknown) => {
      // Offline for a moment: the next touch of the toggle tries again.
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * Below the large breakpoint: a toggle that opens a full-screen, focus-trapped menu.
 *
 * The menu's dialog and tooltip (Ark UI) are most of the header's script and most visitors never
 * open it, so the page starts with a plain toggle and fetches them on the first pointer, focus or
 * tap on it. What happened meanwhile (a tap, a hover, keyboard focus) is handed over, so the
 * first tap opens the menu and a hover still shows the tooltip.
 */
export function MobileMenu() {
  const [Menu, setMenu] = useState<ComponentType<MobileMenuDialogProps> | null>(null)
  const handoff = useRef<MenuHandoff>({ open: false, hovered: false, focusVisible: false })

  if (Menu) return <Menu toggleClassName={toggleClassName} handoff={handoff.current} />

  const load = () => {
    loadMenu().then(
      (component) => setMenu(() => component),
      () => {},
    )
  }
  return (
    <button
      type="button"
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      className={toggleClassName}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') handoff.current.hovered = true
        load()
      }}
      onPointerLeave={() => {
        handoff.current.hovered = false
      }}
      onPointerDown={load}
      onFocus={(event) => {
        handoff.current.focusVisible = event.currentTarget.matches(':focus-visible')
        load()
      }}
      onBlur={() => {
        handoff.current.focusVisible = false
      }}
      onClick={() => {
        handoff.current.open = true
        load()
      }}
    >
      <MenuIcon size={26} />
    </button>
  )
}
