import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ownerReport } from '~/server/field-vitals/owner-report.server'

/**
 * The owner's field report, given the key from the page's path; undefined (the page's 404) when
 * the key is unset or wrong. POST, so the key never sits in a server-function URL.
 */
export const getOwnerReport = createServerFn({ method: 'POST' })
  .validator(v.object({ key: v.pipe(v.string(), v.maxLength(200)) }))
  .handler(({ data }) => ownerReport(data.key))
