import { Hero } from '#src/components/Hero.tsx'
import { Paragraphs } from '#src/components/Paragraphs.tsx'
import { Section } from '#src/components/Section.tsx'
import { siteImages } from '#src/content/site-images.ts'
import { warrantyContent } from '#src/content/warranty.content.ts'

export function WarrantyPage() {
  const { hero, paragraphs } = warrantyContent
  return (
    <>
      <Hero {...hero} backgroundImage={siteImages['about-hero']} />
      <Section narrow>
        <Paragraphs items={paragraphs} />
      </Section>
    </>
  )
}
