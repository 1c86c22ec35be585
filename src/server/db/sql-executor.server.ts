/**
 * The little a schema step needs from a connection. PGlite satisfies it as it is; a `pg` client
 * (the PostgreSQL 15 tests) through a two-line wrapper. One session: BEGIN/COMMIT apply to it.
 */
export interface SqlExecutor {
  /** Runs one or more statements (simple query protocol). */
  exec(sql: string): Promise<unknown>
  /** Runs one statement with parameters. */
  query<Row>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>
}

/** Runs work in a transaction on the executor's session; rolls back when it throws. */
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
