import { hydratedEvent } from './hydrated-event'

/**
 * Where the script counts clicks made before the app had started (`taps`) and those it could not
 * honour (`dropped`: a plain-button tap or form submit after the first one kept, or a kept one
 * whose control was gone by then). The field-vitals reporter sends both with the first view.
 */
export const earlyTapsGlobal = '__earlyTaps'
export interface EarlyTaps {
  taps: number
  dropped: number
}

/**
 * Runs in the head as an async inline module (it waits for nothing), before anything can be tapped.
 * Links, `<details>`, the menu's `<dialog>` and GET forms work before the app has started; a plain
 * button (`type="button"` without an invoker `command`) and a form without an `action` (or with
 * a `mailto:` one, the contact form's fallback for a browser without scripts) do nothing useful
 * until React has hydrated them, so a tap on one would be lost. This keeps the first such tap or
 * submit (its default is prevented, so the browser does nothing with it meanwhile) and performs it
 * once, on the same element, when the app has hydrated; later ones before then are dropped rather
 * than repeated. It is performed as a click (a form's submit button's, or the form's before it is
 * submitted) after the task that announced hydration: React hydrates the part of the page a click
 * lands in before handling it, but not while it is still running that task's effects, and not for a
 * submit event. Focus stays on the control the visitor pressed unless the control itself moves it.
 * The platform has no way to queue an interaction for a handler that is not there yet; this can go
 * if React ever replays events that arrive before `hydrateRoot` is called. Every click before then
 * is counted, and every one lost (`earlyTapsGlobal`). The router's head renders this script again
 * when the app hydrates, and the browser runs it again: the second run finds the count and does
 * nothing.
 */
export const replayEarlyTaps = `(()=>{if(window.${earlyTapsGlobal})return;var d=document,c=window.${earlyTapsGlobal}={taps:0,dropped:0},p,h=function(){return d.documentElement.dataset.hydrated==='true'},k=function(e){if(h())return;if(e.type==='click')c.taps++;var t=e.target,el=e.type==='click'?t.closest&&t.closest('button[type=button]:not([command])'):/^(?!mailto:)./.test(t.getAttribute('action')||'')?null:t;if(!el)return;e.preventDefault();e.stopImmediatePropagation();if(!p)p=e.type==='submit'&&e.submitter||el;else c.dropped++};d.addEventListener('click',k,true);d.addEventListener('submit',k,true);d.addEventListener('${hydratedEvent}',function(){setTimeout(function(){var el=p;p=null;if(!el)return;if(!el.isConnected){c.dropped++;return}if(el.tagName==='FORM'){el.click();el.requestSubmit()}else el.click();if(el.isConnected&&(d.activeElement===d.body||!d.activeElement))el.focus()})},{once:true})})()`
