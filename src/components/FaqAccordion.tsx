import { useId } from 'react'
import { css } from 'styled-system/css'
import { accordion } from 'styled-system/recipes'
import { ChevronDownIcon } from './icons/icons'

export type FaqAccordionItem = { id: string; question: string; answer: string }

/**
 * Questions that open one at a time; opening one closes the other, and any can be closed.
 * `<details>` elements sharing a name do that in the browser, so a question opens from the
 * first tap, before the app has loaded.
 */
export function FaqAccordion({ items }: { items: readonly FaqAccordionItem[] }) {
  const styles = accordion()
  const group = useId()
  return (
    <div className={styles.root}>
      {items.map((item) => (
        <details key={item.id} id={item.id} name={group} className={styles.item}>
          <summary className={styles.itemTrigger}>
            <h3 className={css({ fontSize: 'inherit', fontWeight: 'inherit', m: '0' })}>
              {item.question}
            </h3>
            <span aria-hidden="true" className={styles.itemIndicator}>
              <ChevronDownIcon />
            </span>
          </summary>
          <div className={styles.itemContent}>
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  )
}
