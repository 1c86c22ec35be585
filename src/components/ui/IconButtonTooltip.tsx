import { Portal } from '@ark-ui/react/portal'
import { Tooltip } from '@ark-ui/react/tooltip'
import type { ReactElement } from 'react'
import { tooltip } from 'styled-system/recipes'

/** A tooltip opens after 700 ms, 4 px from its control. Zag switches instantly between tooltips
 * while one is still closing, so the close delay doubles as the 300 ms skip delay. */
export const tooltipTimings = { openDelay: 700, closeDelay: 300, offset: 4 } as const

type Props = {
  label: string
  children: ReactElement
  /** Start open, for a control that takes over keyboard focus from a stand-in. */
  defaultOpen?: boolean
}

/** Wraps an icon-only control (which must carry its own aria-label) in a tooltip. */
export function IconButtonTooltip({ label, children, defaultOpen }: Props) {
  const styles = tooltip()
  return (
    <Tooltip.Root
      defaultOpen={defaultOpen}
      openDelay={tooltipTimings.openDelay}
      closeDelay={tooltipTimings.closeDelay}
      closeOnClick
      closeOnEscape
      closeOnScroll
      closeOnPointerDown
      positioning={{ offset: { mainAxis: tooltipTimings.offset } }}
      lazyMount
      unmountOnExit
    >
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner className={styles.positioner}>
          <Tooltip.Content className={styles.content}>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  )
}
