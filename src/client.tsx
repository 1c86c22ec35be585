/**
 * Start's default browser entry: the app hydrates as soon as its scripts have arrived. One
 * addition: what a visitor typed into a form before that is remembered until the form takes it,
 * because React resets controlled fields to their rendered values when it hydrates them. (Taps
 * on controls that need the app are kept by the head's replay script, lib/boot/replay-early-taps.ts.)
 */
import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { rememberTypedFields } from '#src/lib/boot/typed-before-hydration.ts'

rememberTypedFields()
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
  )
})
