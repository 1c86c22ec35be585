import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { tabs } from 'styled-system/recipes'
import { locationServices, locations } from '#src/content/locations.content.ts'
import { locationIds, locationServiceIds } from '#src/content/locations.ts'
import { locationServicePath } from '#src/lib/location-service-path.ts'
import type { ServiceAreaView } from '../service-areas-search'

const linkClass = css({
  color: 'fg.link',
  fontWeight: '600',
  textDecoration: 'underline',
  textDecorationColor: 'border.strong',
  textUnderlineOffset: '3px',
  _hover: { textDecorationColor: 'currentColor' },
})
const cardClass = css({
  bg: 'bg.canvas',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  p: '6',
  boxShadow: 'sm',
  display: 'grid',
  gap: '3',
  alignContent: 'start',
})
const gridClass = css({
  display: 'grid',
  gap: '6',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
})

const views = [
  { view: 'by-location', label: 'By Location' },
  { view: 'by-service', label: 'By Service' },
] as const satisfies readonly { view: ServiceAreaView; label: string }[]

/** Where the list starts: a view chosen before the app has started reloads the page there. */
export const serviceAreaListId = 'areas-list-heading'

/**
 * Every location page, listed by location or by service. The two views are links to the page
 * with `view` in its search, so a tap works before the app has started (a new page, scrolled to
 * the list), and after it without moving the page.
 */
export function ServiceAreaTabs({ view }: { view: ServiceAreaView }) {
  const styles = tabs()
  return (
    <div className={styles.root}>
      <nav aria-label="Browse service areas" className={styles.list}>
        {views.map((option) => (
          <Link
            key={option.view}
            to="/service-areas"
            search={option.view === 'by-location' ? {} : { view: option.view }}
            hash={serviceAreaListId}
            hashScrollIntoView={false}
            resetScroll={false}
            replace
            activeOptions={{ exact: true }}
            data-selected={option.view === view ? '' : undefined}
            className={styles.trigger}
          >
            {option.label}
          </Link>
        ))}
      </nav>
      {view === 'by-location' ? <ByLocation /> : <ByService />}
    </div>
  )
}

function ByLocation() {
  return (
    <ul className={gridClass}>
      {locationIds.map((locationId) => {
        const location = locations[locationId]
        return (
          <li key={locationId} className={cardClass}>
            <h3 className={css({ textStyle: 'h3' })}>{location.name}</h3>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{location.region}</p>
            <ul className={css({ display: 'grid', gap: '2' })}>
              {locationServiceIds.map((serviceId) => (
                <li key={serviceId}>
                  <Link
                    to="/areas-of-service/$locationService"
                    params={{ locationService: locationServicePath(locationId, serviceId) }}
                    className={linkClass}
                  >
                    {locationServices[serviceId].title}
                    <span className={css({ srOnly: true })}> in {location.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        )
      })}
    </ul>
  )
}

function ByService() {
  return (
    <ul className={gridClass}>
      {locationServiceIds.map((serviceId) => (
        <li key={serviceId} className={cardClass}>
          <h3 className={css({ textStyle: 'h3', fontSize: 'xl' })}>
            {locationServices[serviceId].title}
          </h3>
          <ul className={css({ display: 'grid', gap: '2' })}>
            {locationIds.map((locationId) => (
              <li key={locationId}>
                <Link
                  to="/areas-of-service/$locationService"
                  params={{ locationService: locationServicePath(locationId, serviceId) }}
                  className={linkClass}
                >
                  <span className={css({ srOnly: true })}>
                    {locationServices[serviceId].title} in{' '}
                  </span>
                  {locations[locationId].name}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
