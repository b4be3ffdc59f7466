import type { DbOrTx } from './types';

// Hot statements are built once and named. Drizzle otherwise builds a query's SQL
// text on every call: about 200 µs of CPU for the cart's three-table select on the bench
// machine, as much as the round trip itself. A named statement is also parsed and planned
// once per PostgreSQL connection (PGlite ignores the name).
//
// Drizzle binds a prepared statement to the database or transaction it was built on, and a
// transaction would have to build its own. Instead every transaction of a database uses the
// database's statement, sent on the transaction's connection: the statement's `client`, the
// one thing that differs, is replaced in a thin copy. That reads two fields drizzle does not
// document (`dialect`, shared by a database and its transactions, and `session.client`); a
// drizzle version without them fails here on first use, loudly, and statements.test.ts tells.

interface DrizzleInternals {
  dialect?: object;
  session?: { client?: unknown };
}

/** `build` makes the statement with `sql.placeholder`s for its values, and `.prepare(name)`. */
export function preparedStatement<S extends object>(build: (db: DbOrTx) => S): (db: DbOrTx) => S {
  const built = new WeakMap<object, S>();
  return (db) => {
    const { dialect, session } = db as unknown as DrizzleInternals;
    if (!dialect || !session?.client) {
      throw new Error('preparedStatement: this drizzle version keeps its dialect or client elsewhere');
    }
    let statement = built.get(dialect);
    if (!statement) {
      statement = build(db);
      built.set(dialect, statement);
    }
    return Object.create(statement, { client: { value: session.client } }) as S;
  };
}
