// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { hydratedEvent } from './hydrated-event'
import { type EarlyTaps, earlyTapsGlobal, replayEarlyTaps } from './replay-early-taps'

/** What the app does once hydrated: mark the document, then announce it. */
function hydrate() {
  document.documentElement.dataset.hydrated = 'true'
  document.dispatchEvent(new Event(hydratedEvent))
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** The head runs it as a module, whose code is strict. */
const runAsTheHeadDoes = () => new Function(`'use strict';${replayEarlyTaps}`)()

describe('the head script that keeps a tap made before the app has started', () => {
  let clicks: string[]
  let submits: number

  beforeEach(() => {
    // A fresh document each time: the script listens on it once.
    document.open()
    document.write(`<!doctype html><html><head></head><body>
      <button type="button" id="map">Load map</button>
      <button type="button" id="other">Other</button>
      <button type="button" id="menu" command="show-modal" commandfor="m">Menu</button>
      <a href="#next" id="link">Next</a>
      <form id="contact" method="post" action="mailto:info@example.com" enctype="text/plain"><input name="name"><button type="submit" id="send">Send</button></form>
      <form id="bare"><button type="submit" id="bare-send">Send</button></form>
      <form id="search" action="/gallery"><button type="submit">Apply</button></form>
    </body></html>`)
    document.close()
    clicks = []
    submits = 0
    // The app's handlers, as if React had attached them: they only record what reached them.
    document.body.addEventListener('click', (event) => {
      clicks.push((event.target as Element).id)
    })
    for (const id of ['contact', 'bare']) {
      document.getElementById(id)?.addEventListener('submit', (event) => {
        event.preventDefault()
        submits += 1
      })
    }
    // A fresh page: the window keeps its properties across document.write.
    delete (window as unknown as Record<string, unknown>)[earlyTapsGlobal]
    runAsTheHeadDoes()
  })

  const byId = (id: string) => document.getElementById(id) as HTMLElement

  it('holds the first plain button tap until the app has hydrated, then performs it once', async () => {
    byId('map').click()
    expect(clicks).toEqual([])
    await hydrate()
    expect(clicks).toEqual(['map'])
    expect(document.activeElement).toBe(byId('map'))
    await hydrate()
    expect(clicks).toEqual(['map'])
  })

  it('drops taps after the first rather than repeating them', async () => {
    byId('map').click()
    byId('map').click()
    byId('other').click()
    await hydrate()
    expect(clicks).toEqual(['map'])
  })

  it('leaves native controls alone: links, invoker buttons and forms with an action', () => {
    const link = new MouseEvent('click', { bubbles: true, cancelable: true })
    byId('link').dispatchEvent(link)
    expect(link.defaultPrevented).toBe(false)
    byId('menu').click()
    const search = new SubmitEvent('submit', { bubbles: true, cancelable: true })
    byId('search').dispatchEvent(search)
    expect(search.defaultPrevented).toBe(false)
    expect(clicks).toEqual(['link', 'menu'])
  })

  it.each([
    ['with its no-script mailto: fallback as its action', 'contact', 'send'],
    ['without an action', 'bare', 'bare-send'],
  ])(
    'keeps a form %s from sending itself, and submits it once the app is there',
    async (_, form, button) => {
      const early = new SubmitEvent('submit', {
        bubbles: true,
        cancelable: true,
        submitter: byId(button),
      })
      byId(form).dispatchEvent(early)
      expect(early.defaultPrevented).toBe(true)
      expect(submits).toBe(0)
      await hydrate()
      expect(submits).toBe(1)
      expect(clicks).toEqual([button])
    },
  )

  it('does nothing once the app has hydrated', async () => {
    await hydrate()
    byId('other').click()
    expect(clicks).toEqual(['other'])
  })

  const earlyTaps = () => (window as unknown as Record<string, EarlyTaps>)[earlyTapsGlobal]

  it('counts the clicks made before the app started, and those it could not honour', async () => {
    byId('link').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }))
    byId('map').click()
    byId('other').click()
    expect(earlyTaps()).toEqual({ taps: 3, dropped: 1 })
    await hydrate()
    byId('other').click()
    expect(earlyTaps()).toEqual({ taps: 3, dropped: 1 })
  })

  it('counts a kept tap as dropped when its control is gone once the app is there', async () => {
    byId('map').click()
    byId('map').remove()
    await hydrate()
    expect(earlyTaps()).toEqual({ taps: 1, dropped: 1 })
    expect(clicks).toEqual([])
  })

  it('runs once: run again (the router renders the head once more on hydration) it keeps the count and adds no listener', async () => {
    byId('map').click()
    runAsTheHeadDoes()
    byId('other').click()
    expect(earlyTaps()).toEqual({ taps: 2, dropped: 1 })
    await hydrate()
    expect(clicks).toEqual(['map'])
  })
})
