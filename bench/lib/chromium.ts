/** The Chromium the benches drive (Debian's by default) and how they start it. */
export const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Headless, and no sandbox: we run as root. Lighthouse's CLI adds chrome-launcher's own flags. */
export const headlessChromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]
