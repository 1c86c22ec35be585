/**
 * Records the last click on a button (the menu toggle, an accordion) made before the app's
 * handlers exist, so it can be replayed once the app has hydrated: otherwise the first tap on
 * a slow connection does nothing. Links and submit buttons are left alone: they work without
 * the app, or wait for it.
 */
export function recordEarlyClicks(doc: Document = document) {
  let lastClicked: HTMLButtonElement | null = null
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null
    const button = target?.closest('button[type="button"]')
    if (button instanceof HTMLButtonElement && !button.disabled) lastClicked = button
  }
  doc.addEventListener('click', onClick, { capture: true })

  return {
    /** Call once the app's handlers are attached (hydration has started): React takes over. */
    replayOnceHydrated() {
      doc.removeEventListener('click', onClick, { capture: true })
      const button = lastClicked
      if (!button) return
      const replay = () => {
        observer.disconnect()
        if (button.isConnected) button.click()
      }
      const observer = new MutationObserver(() => {
        if (doc.documentElement.dataset.hydrated === 'true') replay()
      })
      observer.observe(doc.documentElement, { attributeFilter: ['data-hydrated'] })
      if (doc.documentElement.dataset.hydrated === 'true') replay()
    },
  }
}
