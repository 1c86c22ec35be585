import { type ComponentProps, useEffect, useRef } from 'react'
import { MenuIcon } from '../icons/icons'
import { IconButtonTooltip } from '../ui/IconButtonTooltip'

/** Where the visitor was with the plain toggle when this one replaced it (MobileMenu.tsx). */
export type TooltipHandoff = { hovered: boolean; focused: boolean; focusVisible: boolean }

export type MenuToggleProps = { toggleProps: ComponentProps<'button'>; handoff: TooltipHandoff }

/** The menu toggle inside its tooltip; it takes over the plain toggle's focus or hover. */
export function MenuToggleWithTooltip({ toggleProps, handoff }: MenuToggleProps) {
  const triggerRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const trigger = triggerRef.current
    if (!trigger) return
    if (handoff.focused) trigger.focus()
    else if (handoff.hovered && trigger.matches(':hover'))
      trigger.dispatchEvent(
        new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }),
      )
  }, [handoff])

  return (
    <IconButtonTooltip label="Open menu" defaultOpen={handoff.focusVisible}>
      <button ref={triggerRef} {...toggleProps}>
        <MenuIcon size={26} />
      </button>
    </IconButtonTooltip>
  )
}
