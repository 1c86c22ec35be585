/**
 * The smallest database surface the contact pipeline needs. PGlite satisfies `Database` as it
 * is; a node-postgres (`pg`) pool is adapted by `createPgDatabase` (the edge function uses it
 * with Supabase's SUPABASE_DB_URL).
 */
export interface SqlResult<Row> {
  rows: Row[]
}

export interface SqlExecutor {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<Row>>
}

export interface Database extends SqlExecutor {
  /** Runs `fn` on one connection inside BEGIN ... COMMIT (ROLLBACK when it throws). */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>
}

/** Runs `fn` in a transaction as Supabase's service_role, so row-level security applies. */
export function asServiceRole<T>(db: Database, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('set local role service_role')
    return fn(tx)
  })
}

/** What `createPgDatabase` needs of a `pg.Pool` (structural, so no import of `pg` here). */
export interface PgPoolLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>
  connect(): Promise<PgClientLike>
}

export interface PgClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>
  release(destroy?: boolean | Error): void
}

/** Adapts a `pg.Pool` to `Database`; a connection that failed mid-transaction is discarded. */
export function createPgDatabase(pool: PgPoolLike): Database {
  return {
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await pool.query(sql, params)) as SqlResult<Row>,
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect()
      const tx: SqlExecutor = {
        query: async <Row>(sql: string, params?: unknown[]) =>
          (await client.query(sql, params)) as SqlResult<Row>,
      }
      try {
        await client.query('begin')
        const result = await fn(tx)
        await client.query('commit')
        client.release()
        return result
      } catch (error) {
        try {
          await client.query('rollback')
          client.release()
        } catch (rollbackError) {
          client.release(rollbackError instanceof Error ? rollbackError : true)
        }
        throw error
      }
    },
  }
}
