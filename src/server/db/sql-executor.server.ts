/** What a schema step needs from one session: PGlite as it is, a `pg` client through a wrapper. */
export interface SqlExecutor {
  /** One or more statements (simple query protocol). */
  exec(sql: string): Promise<unknown>
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

export async function inTransaction<T>(db: SqlExecutor, work: () => Promise<T>): Promise<T> {
  await db.exec('begin')
  try {
    const result = await work()
    await db.exec('commit')
    return result
  } catch (error) {
    await db.exec('rollback')
    throw error
  }
}
