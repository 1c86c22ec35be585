import { Tabs } from '@ark-ui/react/tabs'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { tabs } from 'styled-system/recipes'
import { locationIds, locationServiceIds } from '~/content/locations'
import { locationServices, locations } from '~/content/locations.content'
import { locationServicePath } from '../location-service-path'

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

/** Every location page, listed by location or by service. */
export function ServiceAreaTabs() {
  const styles = tabs()
  return (
    <Tabs.Root defaultValue="by-location" className={styles.root}>
      <Tabs.List aria-label="Browse service areas" className={styles.list}>
        <Tabs.Trigger value="by-location" className={styles.trigger}>
          By Location
        </Tabs.Trigger>
        <Tabs.Trigger value="by-service" className={styles.trigger}>
          By Service
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="by-location" className={styles.content}>
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
      </Tabs.Content>
      <Tabs.Content value="by-service" className={styles.content}>
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
      </Tabs.Content>
    </Tabs.Root>
  )
}
