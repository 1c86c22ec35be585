import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js'

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

const slow4G = throttling.mobileSlow4G
const screen = screenEmulationMetrics.mobile
// Lighthouse types it as its optional setting's type, though the constant is always there.
if (!screen) throw new Error("Lighthouse's constants lost their mobile screen")

/**
 * The phone Lighthouse's mobile run stands for, as its applied throttling (`--throttling-method=
 * devtools`) sets Chromium up: Lighthouse's own figures, converted to the DevTools protocol's units
 * as its `emulation.js` converts them (slow 4G: 562.5 ms, 188,743 bytes/s down; 4× CPU; 412 × 823
 * at 1.75; its mobile user agent, which our server serves as a phone, not as a crawler).
 */
export const lighthouseMobilePhone = {
  network: {
    offline: false,
    latency: slow4G.requestLatencyMs,
    downloadThroughput: Math.floor((slow4G.downloadThroughputKbps * 1024) / 8),
    uploadThroughput: Math.floor((slow4G.uploadThroughputKbps * 1024) / 8),
  },
  cpuSlowdown: slow4G.cpuSlowdownMultiplier,
  screen: {
    width: screen.width,
    height: screen.height,
    deviceScaleFactor: screen.deviceScaleFactor,
    mobile: screen.mobile,
  },
  userAgent: userAgents.mobile,
  /** How the results name it. */
  summary: `Lighthouse's phone: its mobile user agent, ${screen.width} × ${screen.height}, slow 4G at ${slow4G.requestLatencyMs} ms and ${(slow4G.downloadThroughputKbps / 1000).toFixed(2)} Mbit/s, ${slow4G.cpuSlowdownMultiplier}× CPU slowdown`,
}
