import { Asset, useRouter, useTags } from '@tanstack/react-router'

type HeadTag = ReturnType<typeof useTags>[number]

const isModulePreload = (tag: HeadTag) => tag.tag === 'link' && tag.attrs?.rel === 'modulepreload'

/**
 * The router's head tags (title, meta, links, styles, JSON-LD), like Start's `HeadContent`, except
 * that the page's modules are not preloaded here: they would share a slow connection with the
 * hero picture. They are listed instead, and `src/client.tsx` preloads them once the largest
 * paint is done.
 */
export function DocumentHead() {
  const tags = useTags()
  const nonce = useRouter().options.ssr?.nonce
  const pageModules = tags.filter(isModulePreload).map((tag) => String(tag.attrs?.href))
  return (
    <>
      {tags
        .filter((tag) => !isModulePreload(tag))
        .map((tag) => (
          <Asset {...tag} key={`tsr-meta-${JSON.stringify(tag)}`} nonce={nonce} />
        ))}
      <script
        type="application/json"
        id="page-modules"
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own asset paths, escaped below
        dangerouslySetInnerHTML={{ __html: JSON.stringify(pageModules).replaceAll('<', '\\u003c') }}
      />
    </>
  )
}
