import { createHash } from 'node:crypto';

// The catalog's hot queries run as named prepared statements: on PostgreSQL each pooled
// connection parses and plans a query shape once and then only binds values (planning costs
// more than executing these index-only scans). The name is a hash of the SQL text, so every
// filter combination gets its own statement and a name never meets a different text.
// PGlite ignores the name and simply runs the query.

interface Preparable<R> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<R> };
}

export function executePrepared<R>(query: Preparable<R>): Promise<R> {
  const name = `rk_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 32)}`;
  return query.prepare(name).execute();
}
