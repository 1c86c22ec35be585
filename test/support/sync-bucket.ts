import {
  applyBucketChanges,
  type BucketChanges,
  type BucketObject,
  diffBucket,
  readBucketState,
} from '#src/server/db/embedded-bucket.server.ts'
import type { SqlExecutor } from '#src/server/db/migrations.server.ts'

/** storage.objects of the gallery bucket made to hold exactly `objects`, as each embedded load does. */
export async function syncBucketObjects(
  db: SqlExecutor,
  objects: BucketObject[],
): Promise<BucketChanges> {
  const changes = await diffBucket(await readBucketState(db), objects)
  await applyBucketChanges(db, changes)
  return changes
}
