import { css } from 'styled-system/css'
import { siteContainer } from 'styled-system/recipes'
import type { HomeContent } from '#src/content/schemas/home.schema.ts'
import { FeatureIcon } from './icons/feature-icons'
import { SampleMark } from './SampleMark'

/** A source, where given, opens in a new tab; a sample names what its Sample mark stands for. */
type TrustItem = HomeContent['trust']['items'][number]

const sourceLink = css({
  color: 'inherit',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  _hover: { color: 'fg.link' },
})

const unbroken = css({ whiteSpace: 'nowrap' })

/** A licence number such as B-07-123456 never breaks at its hyphens onto two lines. */
const keepNumbersWhole = (text: string) =>
  text.split(/(\S*\d\S*)/).map((part, index) =>
    index % 2 === 1 ? (
      // The parts alternate text and number, in a fixed order: the index is a stable key.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <span key={index} className={unbroken}>
        {part}
      </span>
    ) : (
      part
    ),
  )

/** The facts a homeowner checks first, on a card that overlaps the bottom of the hero above. */
export function TrustStrip({ label, items }: { label: string; items: readonly TrustItem[] }) {
  return (
    <section
      aria-label={label}
      className={css({ position: 'relative', zIndex: '1', mt: { base: '-10', md: '-14' } })}
    >
      <div className={siteContainer()}>
        <ul
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, 1fr)' },
            gap: { base: '5', md: '6' },
            bg: 'bg.canvas',
            borderRadius: 'xl',
            boxShadow: 'lg',
            borderWidth: '1px',
            borderColor: 'border.default',
            px: { base: '5', md: '8' },
            py: { base: '6', md: '7' },
          })}
        >
          {items.map((item) => (
            <li
              key={item.value}
              className={css({
                display: 'flex',
                flexDirection: { base: 'column', md: 'row' },
                // Top-aligned: a label on two lines beside one on a single line leaves the titles level.
                alignItems: 'flex-start',
                gap: { base: '2', md: '4' },
              })}
            >
              <span
                className={css({
                  flexShrink: '0',
                  w: { base: '10', md: '12' },
                  h: { base: '10', md: '12' },
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  borderRadius: 'full',
                  bg: 'accent.subtle',
                  color: 'accent.text',
                })}
              >
                <FeatureIcon name={item.icon} size={22} />
              </span>
              <p className={css({ display: 'grid', gap: '0.5' })}>
                <strong
                  className={css({
                    fontFamily: 'heading',
                    fontWeight: '600',
                    fontSize: { base: 'lg', md: 'xl' },
                    lineHeight: '1.2',
                    color: 'fg.heading',
                  })}
                >
                  {item.source ? (
                    <a
                      href={item.source.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={sourceLink}
                    >
                      {item.value}
                      <span className={css({ srOnly: true })}> (opens in a new tab)</span>
                    </a>
                  ) : (
                    item.value
                  )}
                </strong>
                <span className={css({ textStyle: 'small', color: 'fg.muted' })}>
                  {keepNumbersWhole(item.label)}{' '}
                  {item.sample ? <SampleMark what={item.sample} /> : null}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
