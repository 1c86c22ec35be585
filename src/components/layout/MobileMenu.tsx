import { Link, useRouterState } from '@tanstack/react-router'
import { type ComponentType, useEffect, useRef, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { mainNavigation } from '#src/content/navigation.ts'
import { CloseIcon, MenuIcon } from '../icons/icons'
import type { MenuToggleProps, TooltipHandoff } from './MenuToggleTooltip.lazy'
import { PhoneLink } from './PhoneLink'

const menuId = 'site-menu'

const toggleClassName = cx(
  button({ variant: 'ghost', size: 'icon' }),
  css({ display: { base: 'inline-flex', lg: 'none' } }),
)

/** Browsers without Invoker Commands (before 2025) open the menu once the app is there. */
function openMenuByScript() {
  if ('command' in HTMLButtonElement.prototype) return
  const dialog = document.getElementById(menuId)
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal()
}

let loadingTooltip: Promise<ComponentType<MenuToggleProps>> | undefined
const loadTooltip = () => {
  loadingTooltip ??= import('./MenuToggleTooltip.lazy').then(
    (module) => module.MenuToggleWithTooltip,
    (error: unknown) => {
      // Offline for a moment: the next hover or focus tries again.
      loadingTooltip = undefined
      throw error
    },
  )
  return loadingTooltip
}

/**
 * The main links as list items, each marking the page it leads to as current (the home link only
 * on the home page itself).
 */
export function MainNavItems(linkProps: { className: string; onClick?: () => void }) {
  return mainNavigation.map((item) => (
    <li key={item.to}>
      <Link {...linkProps} to={item.to} activeOptions={{ exact: item.to === '/' }}>
        {item.label}
      </Link>
    </li>
  ))
}

const menuLinkClass = css({
  display: 'block',
  px: '4',
  py: '2',
  fontFamily: 'heading',
  fontSize: '2xl',
  fontWeight: '600',
  textDecoration: 'none',
  '&[aria-current=page]': { color: 'accent.onDark' },
  _hover: { color: 'accent.onDark' },
})

/**
 * Below the large breakpoint: a toggle that opens a full-screen menu. Both are plain HTML that
 * works before (and without) the app: the toggle opens the `<dialog>` as a modal (focus kept
 * inside, Escape closes, focus returns to the toggle), its links load the next page. Once the
 * app is there, a followed link or any route change closes it.
 */
export function MobileMenu() {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // Closes when the path changes, but not on hydration: a visitor may have opened the menu
  // before the app arrived.
  const menuPath = useRef(pathname)
  useEffect(() => {
    if (menuPath.current === pathname) return
    menuPath.current = pathname
    dialogRef.current?.close()
  }, [pathname])

  const close = () => dialogRef.current?.close()

  return (
    <>
      <MenuToggle />
      <dialog
        ref={dialogRef}
        id={menuId}
        aria-label="Site menu"
        closedby="any"
        className={css({
          position: 'fixed',
          inset: '0',
          w: '100%',
          h: '100%',
          maxW: 'none',
          maxH: 'none',
          m: '0',
          border: '0',
          zIndex: '50',
          bg: 'bg.overlay',
          color: 'fg.inverse',
          flexDirection: 'column',
          overflowY: 'auto',
          px: '6',
          py: '4',
          _open: { display: 'flex', animation: 'fadeIn token(durations.normal)' },
          '&::backdrop': { bg: 'transparent' },
        })}
      >
        <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
          <button
            type="button"
            commandfor={menuId}
            command="close"
            onClick={close}
            aria-label="Close menu"
            className={button({ variant: 'ghost', size: 'icon' })}
          >
            <CloseIcon size={28} />
          </button>
        </div>
        <nav aria-label="Mobile" className={css({ flex: '1', display: 'flex' })}>
          <ul
            className={css({
              m: 'auto',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              gap: '2',
              py: '6',
            })}
          >
            <MainNavItems onClick={close} className={menuLinkClass} />
            <li className={css({ mt: '6' })}>
              <PhoneLink onClick={close} className={button({ variant: 'accent', size: 'lg' })} />
            </li>
          </ul>
        </nav>
      </dialog>
    </>
  )
}

/**
 * The toggle, and its tooltip (Ark UI) for mouse and keyboard users: most visitors never hover
 * it, so the tooltip's script is fetched on the first hover or keyboard focus. The tooltip's
 * toggle then replaces the plain one, taking over its focus and hover; never while the menu is
 * open, since the browser returns focus to the toggle that opened it.
 */
function MenuToggle() {
  const [WithTooltip, setWithTooltip] = useState<ComponentType<MenuToggleProps> | null>(null)
  const plainToggle = useRef<HTMLButtonElement>(null)
  const handoff = useRef<TooltipHandoff>({ hovered: false, focused: false, focusVisible: false })
  const toggleProps = {
    type: 'button',
    commandfor: menuId,
    command: 'show-modal',
    'aria-label': 'Open menu',
    'aria-haspopup': 'dialog',
    className: toggleClassName,
    onClick: openMenuByScript,
  } as const

  if (WithTooltip) return <WithTooltip toggleProps={toggleProps} handoff={handoff.current} />

  const replace = (component: ComponentType<MenuToggleProps>) => {
    const toggle = plainToggle.current
    handoff.current = {
      hovered: Boolean(toggle?.matches(':hover')),
      focused: toggle !== null && toggle === document.activeElement,
      focusVisible: Boolean(toggle?.matches(':focus-visible')),
    }
    setWithTooltip(() => component)
  }
  const load = () => {
    loadTooltip().then(
      (component) => {
        const menu = document.getElementById(menuId)
        if (menu instanceof HTMLDialogElement && menu.open)
          menu.addEventListener('close', () => replace(component), { once: true })
        else replace(component)
      },
      () => {},
    )
  }
  return (
    <button
      ref={plainToggle}
      {...toggleProps}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'touch') load()
      }}
      onFocus={(event) => {
        if (event.currentTarget.matches(':focus-visible')) load()
      }}
    >
      <MenuIcon size={26} />
    </button>
  )
}
