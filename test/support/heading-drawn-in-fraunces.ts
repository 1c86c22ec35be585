/**
 * Whether a heading is drawn in Fraunces: its text's width beside the same text set in the
 * fallback stack alone (metric-matched in height, not in width). `document.fonts.check` is no
 * witness: it reports the face loaded even when `font-display: optional` has kept the page in
 * the fallback because the face came after the first render (decision 022).
 *
 * Runs in the page: pass it to Playwright's `locator.evaluate`, which serialises it, so it uses
 * nothing from outside its own body.
 */
export function headingDrawnInFraunces(heading: Element): boolean {
  const widthOf = (fontFamily?: string) => {
    const line = document.createElement('span')
    line.textContent = heading.textContent
    Object.assign(line.style, {
      position: 'absolute',
      visibility: 'hidden',
      whiteSpace: 'nowrap',
      font: getComputedStyle(heading).font,
    })
    if (fontFamily) line.style.fontFamily = fontFamily
    document.body.append(line)
    const width = line.getBoundingClientRect().width
    line.remove()
    return width
  }
  const fallbackStack = getComputedStyle(heading)
    .fontFamily.split(',')
    .filter((family) => family.trim() !== 'Fraunces')
    .join(',')
  return Math.abs(widthOf() - widthOf(fallbackStack)) > 2
}
