import { css } from 'styled-system/css'
import { StarIcon } from './icons/icons'

/** A read-only star display with its value spoken as text. */
export function StarRating({ value = 5, max = 5 }: { value?: number; max?: number }) {
  return (
    <p
      role="img"
      aria-label={`Rated ${value} out of ${max} stars`}
      className={css({ display: 'flex', gap: '1', color: 'fg.rating' })}
    >
      {Array.from({ length: max }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a star's place is its identity
        <StarIcon key={`star-${i + 1}`} size={20} filled={i < value} />
      ))}
    </p>
  )
}
