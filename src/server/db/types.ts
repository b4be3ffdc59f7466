import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database types, apart from client.ts (which re-exports them) so that versions.ts, which
// client.ts uses, can name them without an import cycle.

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services take either the database or a transaction, so they compose inside one. */
export type DbOrTx = Db | Tx;
