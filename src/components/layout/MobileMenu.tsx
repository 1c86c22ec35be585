import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { mainNavigation } from '~/features/navigation/navigation'
import { CloseIcon, MenuIcon } from '../icons/icons'
import { IconButtonTooltip } from '../ui/IconButtonTooltip'
import { PhoneLink } from './PhoneLink'

/** Below the large breakpoint: a toggle that opens a full-screen, focus-trapped menu. */
export function MobileMenu() {
  const [open, setOpen] = useState(false)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the path changes
  useEffect(() => setOpen(false), [pathname])

  const close = () => setOpen(false)

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      lazyMount
      unmountOnExit
      preventScroll
    >
      <IconButtonTooltip label="Open menu">
        <Dialog.Trigger
          aria-label="Open menu"
          className={cx(
            button({ variant: 'ghost', size: 'icon' }),
            css({ display: { base: 'inline-flex', lg: 'none' } }),
          )}
        >
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
