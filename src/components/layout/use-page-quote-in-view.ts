import { useLocation } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** Marks a page's own filled quote button (a hero's, a closing band's). */
export const pageQuoteAttribute = { 'data-page-quote': '' }

/**
 * Whether a page's own filled quote button is on screen: meanwhile the header's and the phone
 * bar's quote draw as outlines, so one filled quote button shows at a time and the persistent one
 * fills once the page's has scrolled away. True on the server and until the script runs: a page
 * opens on its hero, which carries one.
 */
export function usePageQuoteInView() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const [inView, setInView] = useState(true)
  useEffect(() => {
    void pathname // each page has its own buttons
    const targets = document.querySelectorAll('[data-page-quote]')
    const visible = new Set<Element>()
    if (targets.length === 0) setInView(false)
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target)
        else visible.delete(entry.target)
      }
      setInView(visible.size > 0)
    })
    for (const target of targets) observer.observe(target)
    return () => observer.disconnect()
  }, [pathname])
  return inView
}
