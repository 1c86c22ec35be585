import { useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { company, formatAddress } from '#app.config.ts'
import { ExternalLinkIcon, MapPinIcon } from '#src/components/icons/icons.tsx'

const mapQuery = encodeURIComponent(formatAddress())
export const mapEmbedUrl = `https://www.google.com/maps?q=${mapQuery}&output=embed`

const pins = [
  { name: 'Richmond Hill', x: 560, y: 95, home: true },
  { name: 'Concord', x: 420, y: 150 },
  { name: 'Midtown Toronto', x: 540, y: 285 },
  { name: 'Etobicoke', x: 300, y: 330 },
] as const

const roads = [
  ['M548 0 L540 372', 10],
  ['M0 210 C200 200 500 215 800 205', 8],
  ['M330 0 C340 140 300 260 290 380', 8],
] as const

/**
 * A drawn map of the area we serve. The real (third-party) map loads only when the visitor asks,
 * so no page pays for it up front.
 */
export function MapStandIn({ title = 'Map of our service area' }: { title?: string }) {
  const [loaded, setLoaded] = useState(false)
  return (
    <figure className={css({ display: 'grid', gap: '3' })}>
      <div
        className={css({
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: 'lg',
          overflow: 'hidden',
          borderWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.muted',
        })}
      >
        {loaded ? (
          <iframe
            title={title}
            src={mapEmbedUrl}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            className={css({ position: 'absolute', inset: '0', w: 'full', h: 'full', border: '0' })}
          />
        ) : (
          <svg
            viewBox="0 0 800 450"
            role="img"
            aria-label={`Drawn map of the Greater Toronto Area showing ${pins.map((p) => p.name).join(', ')}`}
            className={css({ position: 'absolute', inset: '0', w: 'full', h: 'full' })}
          >
            <rect width="800" height="450" className={css({ fill: 'map.land' })} />
            <path
              d="M0 390 C160 360 260 400 380 372 S620 330 800 352 V450 H0Z"
              className={css({ fill: 'map.water' })}
            />
            <text
              x="600"
              y="420"
              fontSize="18"
              fontStyle="italic"
              className={css({ fill: 'map.waterLabel' })}
            >
              Lake Ontario
            </text>
            {roads.map(([d, width]) => (
              <path key={d} d={d} strokeWidth={width} fill="none" className={roadClass} />
            ))}
            {pins.map((pin) => (
              <g key={pin.name} transform={`translate(${pin.x} ${pin.y})`}>
                <circle
                  r={'home' in pin ? 14 : 10}
                  className={'home' in pin ? homePinClass : pinClass}
                />
                <circle r="4" className={css({ fill: 'map.pinDot' })} />
                <text
                  x="18"
                  y="6"
                  fontSize="20"
                  fontWeight="700"
                  className={css({ fill: 'map.label' })}
                >
                  {pin.name}
                </text>
              </g>
            ))}
          </svg>
        )}
      </div>
      {/* Below the drawing, not over it: over it, the button hid a town and the lake's name on a phone. */}
      {loaded ? null : (
        <div className={css({ display: 'flex', justifyContent: 'center' })}>
          <button
            type="button"
            onClick={() => setLoaded(true)}
            className={button({ variant: 'primary', size: 'sm' })}
          >
            <MapPinIcon size={16} />
            Load interactive map
          </button>
        </div>
      )}
      <figcaption
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          justifyContent: 'space-between',
          fontSize: 'sm',
          color: 'fg.muted',
        })}
      >
        <span>
          {company.name}, {formatAddress()}
        </span>
        <a
          href={company.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={css({
            color: 'fg.link',
            fontWeight: '600',
            display: 'inline-flex',
            gap: '1.5',
            alignItems: 'center',
          })}
        >
          Open in Google Maps
          <ExternalLinkIcon size={14} />
          <span className={css({ srOnly: true })}> (opens in a new tab)</span>
        </a>
      </figcaption>
    </figure>
  )
}

const roadClass = css({ stroke: 'map.road' })
const pinClass = css({ fill: 'map.pin' })
const homePinClass = css({ fill: 'map.homePin' })
