import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { lastContactSelfCheck } from '#src/server/contact/contact-backend.server.ts'
import { ownerReport } from '#src/server/field-vitals/field-vitals.server.ts'
import { parseContactCheck } from './contact-check'

/**
 * The owner's field report, given the key from the page's path; `report: null` (the page's 404)
 * when the key is unset, missing or wrong, however long or odd: any text is only compared, so no
 * key from a path can fail validation (a 500 for the page). GET like every read: the key is in the page's own
 * URL already, and the answer is never kept (server-function answers are no-store). Always an
 * object: Start hands request middleware no response for a bare null or undefined.
 */
export const getOwnerReport = createServerFn({ method: 'GET' })
  .validator(v.optional(v.object({ key: v.string() })))
  .handler(async ({ data }) => {
    const report = data ? ((await ownerReport(data.key)) ?? null) : null
    // This instance's last check of the contact path, shown only with the report (its key).
    const contactCheck = report ? (parseContactCheck(lastContactSelfCheck()) ?? null) : null
    return { report, contactCheck }
  })
