import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { mainNavigation } from '~/features/navigation/navigation'
import { CloseIcon, MenuIcon } from '../icons/icons'
import { IconButtonTooltip } from '../ui/IconButtonTooltip'
import { PhoneLink } from './PhoneLink'

/** What the visitor did to the plain toggle while this module was on its way (MobileMenu.tsx). */
export type MenuHandoff = { open: boolean; hovered: boolean; focusVisible: boolean }

export type MobileMenuDialogProps = { toggleClassName: string; handoff: MenuHandoff }

/** The menu itself: Ark's dialog (focus trap, Escape, scroll lock) and the toggle's tooltip. */
export function MobileMenuDialog({ toggleClassName, handoff }: MobileMenuDialogProps) {
  const [open, setOpen] = useState(handoff.open)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const shownPathname = useRef(pathname)

  useEffect(() => {
    if (pathname === shownPathname.current) return
    shownPathname.current = pathname
    setOpen(false)
  }, [pathname])

  // This toggle replaced the plain one: take over its focus, or its hover for the tooltip.
  useEffect(() => {
    const trigger = triggerRef.current
    if (!trigger || handoff.open) return
    if (handoff.focusVisible) trigger.focus()
    else if (handoff.hovered && trigger.matches(':hover'))
      trigger.dispatchEvent(
        new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }),
      )
  }, [handoff])

  const close = () => setOpen(false)

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      finalFocusEl={() => triggerRef.current}
      lazyMount
      unmountOnExit
      preventScroll
    >
      <IconButtonTooltip label="Open menu" defaultOpen={!handoff.open && handoff.focusVisible}>
        <Dialog.Trigger ref={triggerRef} aria-label="Open menu" className={toggleClassName}>
          <MenuIcon size={26} />
        </Dialog.Trigger>
      </IconButtonTooltip>
      <Portal>
        <Dialog.Content
          aria-label="Site menu"
          className={css({
            position: 'fixed',
            inset: '0',
            zIndex: '50',
            bg: 'bg.overlay',
            color: 'white',
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            px: '6',
            py: '4',
            _open: { animation: 'fadeIn token(durations.normal)' },
            _closed: { animation: 'fadeOut token(durations.fast)' },
          })}
        >
          <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
            <Dialog.CloseTrigger
              aria-label="Close menu"
              className={button({ variant: 'ghost', size: 'icon' })}
            >
              <CloseIcon size={28} />
            </Dialog.CloseTrigger>
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
              {mainNavigation.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={close}
                    activeOptions={{ exact: item.to === '/' }}
                    className={css({
                      display: 'block',
                      px: '4',
                      py: '2',
                      fontFamily: 'heading',
                      fontSize: '2xl',
                      fontWeight: '700',
                      textDecoration: 'none',
                      '&[aria-current=page]': { color: 'accent.onDark' },
                      _hover: { color: 'accent.onDark' },
                    })}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
              <li className={css({ mt: '6' })}>
                <PhoneLink onClick={close} className={button({ variant: 'accent', size: 'lg' })} />
              </li>
            </ul>
          </nav>
        </Dialog.Content>
      </Portal>
    </Dialog.Root>
  )
}
