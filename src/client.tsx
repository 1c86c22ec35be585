/**
 * Start's default browser entry, plus one line: React resets controlled fields to their
 * rendered values when it hydrates them, so what a visitor typed into a form before the app
 * arrived is remembered until the form takes it (features/site/typed-before-hydration.ts).
 */
import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { rememberTypedFields } from '~/features/site/typed-before-hydration'

rememberTypedFields()
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
  )
})
