/**
 * Start's default browser entry: the app hydrates as soon as its scripts have arrived. One
 * addition: what a visitor typed into a form before that is remembered until the form takes it,
 * because React resets controlled fields to their rendered values when it hydrates them. (Taps
 * on controls that need the app are kept by the head's replay script, lib/boot/replay-early-taps.ts.)
 * And errors the site's code does not catch are sent to the owner (features/field-vitals/report-errors.ts).
 */
import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { reportErrors } from '#src/features/field-vitals/report-errors.ts'
import { rememberTypedFields } from '#src/lib/boot/typed-before-hydration.ts'
import { visitorOptedOut } from '#src/lib/visitor/privacy-signals.ts'

// First, so an error while the app starts reaches the owner too.
if (!visitorOptedOut()) reportErrors()
rememberTypedFields()
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
  )
})
