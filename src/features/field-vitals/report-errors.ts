/**
 * Errors on the site's pages that its code did not catch, for the owner (issue 52): installed by
 * the browser entry (src/client.tsx) before the app starts, unless the visitor opted out. Each
 * error goes in a beacon to the page views' endpoint with the page's route pattern (given by
 * components/FieldVitals.tsx once the router has settled; errors before that wait for it), its
 * message without URLs' queries (at most 300 characters) and where in our scripts it was thrown.
 *
 * Only our own errors: an error event must come from a script of this origin, so a third party's
 * (a cross-origin script's "Script error.", whose file the browser hides) or an extension's is
 * left out; a rejection whose stack names an extension too. At most five distinct messages a
 * document, so a loop sends five beacons, not thousands. Small: it is in every page's entry.
 */
import {
  type beaconPath,
  type ErrorBeacon,
  type errorMessageSentChars,
  type MeasuredRoute,
  withoutUrlQueries,
} from './beacon-wire'

let route: MeasuredRoute | undefined
const waiting: Omit<ErrorBeacon, 'route'>[] = []
const seen = new Set<string>()

function send() {
  for (const error of route ? waiting.splice(0) : [])
    navigator.sendBeacon(
      '/api/vitals' satisfies typeof beaconPath,
      JSON.stringify({ route, ...error } as ErrorBeacon),
    )
}

function caught(message: string, at?: string) {
  const error = withoutUrlQueries(message).slice(0, 300 satisfies typeof errorMessageSentChars)
  if (seen.size < 5 && !seen.has(error)) {
    seen.add(error)
    waiting.push({ error, at })
    send()
  }
}

/** Listens for the document's uncaught errors and unhandled rejections. */
export function reportErrors() {
  const ours = `${location.origin}/`
  // `/path:line:column` in one of our scripts, as a stack names a frame and the endpoint takes it
  // (beacon-schema.ts); none for a file with a query.
  const place = (text: string) => {
    const found = /^[\w./-]{0,100}:\d{1,7}:\d{1,7}/.exec(text.split(ours)[1] ?? '')?.[0]
    return found && `/${found}`
  }
  // A plain Event named `error` (dispatched by some script) has no file: not one of ours.
  addEventListener('error', ({ filename, lineno, colno, message }) => {
    if (filename?.startsWith(ours)) caught(message, place(`${filename}:${lineno}:${colno}`))
  })
  addEventListener('unhandledrejection', ({ reason }) => {
    const stack = `${reason?.stack}`
    if (!stack.includes('-extension://'))
      caught(
        `Unhandled rejection: ${reason instanceof Error ? reason : typeof reason}`,
        place(stack),
      )
  })
}

/** The page on screen, by route pattern: errors from now on, and those waiting, are its. */
export function errorsOn(current: MeasuredRoute) {
  route = current
  send()
}
