import { Accordion } from '@ark-ui/react/accordion'
import { accordion } from 'styled-system/recipes'
import { ChevronDownIcon } from './icons/icons'

export type FaqAccordionItem = { id: string; question: string; answer: string }

/** Questions that open one at a time; opening one closes the other, and any can be closed. */
export function FaqAccordion({
  items,
  headingLevel: Heading = 'h3',
}: {
  items: readonly FaqAccordionItem[]
  headingLevel?: 'h2' | 'h3'
}) {
  const styles = accordion()
  return (
    <Accordion.Root collapsible multiple={false} className={styles.root}>
      {items.map((item) => (
        <Accordion.Item key={item.id} value={item.id} id={item.id} className={styles.item}>
          <Heading style={{ margin: 0 }}>
            <Accordion.ItemTrigger className={styles.itemTrigger}>
              {item.question}
              <Accordion.ItemIndicator className={styles.itemIndicator}>
                <ChevronDownIcon />
              </Accordion.ItemIndicator>
            </Accordion.ItemTrigger>
          </Heading>
          <Accordion.ItemContent className={styles.itemContent}>
            <p>{item.answer}</p>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  )
}
