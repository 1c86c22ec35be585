/**
 * The contact path's last self-check as the owner sees it (the page and `npm run report`): when it
 * ran, and each check's status with its sentence. Parsed here because it arrives as a document
 * (the server's copy in <DATA_DIR>/report/contact-check.json, or the function's answer).
 */
import * as v from 'valibot'

export const contactCheckStatuses = ['ok', 'failed', 'not-configured'] as const

export const contactCheckSchema = v.object({
  checkedAt: v.string(),
  checks: v.array(
    v.object({ name: v.string(), status: v.picklist(contactCheckStatuses), detail: v.string() }),
  ),
})
export type ContactCheck = v.InferOutput<typeof contactCheckSchema>

/** The document as a check, or undefined when there is none yet (or it is not one). */
export const parseContactCheck = (document: unknown): ContactCheck | undefined => {
  const parsed = v.safeParse(contactCheckSchema, document)
  return parsed.success ? parsed.output : undefined
}

export const contactCheckLabels: Record<ContactCheck['checks'][number]['status'], string> = {
  ok: 'ok',
  failed: 'FAILED',
  'not-configured': 'not configured',
}

/** `2026-11-27 10:05 UTC` */
export const checkTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`

/** The section as the terminal shows it. */
export function formatContactCheck(check: ContactCheck): string {
  const failed = check.checks.filter((item) => item.status === 'failed').length
  return [
    `Contact path, last checked ${checkTime(check.checkedAt)}: ${failed === 0 ? 'no check failed' : `${failed} check(s) FAILED`}`,
    ...check.checks.map(
      (item) => `  ${item.name}: ${contactCheckLabels[item.status]} (${item.detail})`,
    ),
  ].join('\n')
}
