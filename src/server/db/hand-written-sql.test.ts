import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { is } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

// Most writes go through Drizzle, which knows every column of schema.ts. Some are written by
// hand: `sql` templates in the services (a counter folded in one statement, a range of balances
// made at once) and the trigger functions of the migrations (counters, statistics, unread counts,
// borrow weeks). A column added to a table in schema.ts and its migration is invisible to those:
// a NOT NULL column without a default breaks the hand-written INSERT only when it runs, which may
// be a trigger on a path no test takes. This test reads that SQL as text (no database) and holds
// each INSERT to the table as schema.ts declares it now.
//
// What it reads: every `insert into` of the server's non-test .ts files, and every `insert into`
// in the body of each trigger function as its latest migration defines it (an earlier definition
// no longer runs; top-level INSERTs of a migration ran once, against the table as it was then).

const ROOT = join(import.meta.dirname, '../../..');
const MIGRATIONS = join(import.meta.dirname, 'migrations');

interface Insert {
  /** Where it is written: a file, or a migration's function. */
  where: string;
  table: string;
  /** The named columns, SQL names; null when the values are given by position. */
  columns: string[] | null;
}

interface TableInfo {
  exportName: string;
  columns: Map<string, AnyPgColumn>;
  byJsName: Map<string, string>;
}

const tables = new Map<string, TableInfo>();
const tableOfExport = new Map<string, string>();
for (const [exportName, value] of Object.entries(schema)) {
  if (!is(value, PgTable)) continue;
  const config = getTableConfig(value);
  const byJsName = new Map<string, string>();
  for (const [jsName, column] of Object.entries(value as unknown as Record<string, AnyPgColumn>)) {
    if (config.columns.includes(column)) byJsName.set(jsName, column.name);
  }
  tables.set(config.name, { exportName, columns: new Map(config.columns.map((c) => [c.name, c])), byJsName });
  tableOfExport.set(exportName, config.name);
}

/**
 * A column raw SQL must name: NOT NULL with no default PostgreSQL knows. `$defaultFn` is
 * Drizzle's own (JavaScript, at insert through Drizzle), so SQL written by hand gets nothing.
 */
function mustBeNamed(column: AnyPgColumn): boolean {
  if (!column.notNull || column.generated || column.generatedIdentity) return false;
  if (column.default !== undefined) return false;
  return !/Serial$/.test(column.columnType);
}

/** The `(...)` that opens at `start`, with the text after it. */
function parenthesised(text: string, start: number): { inside: string; end: number } {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return { inside: text.slice(start + 1, i), end: i + 1 };
  }
  throw new Error(`unbalanced parentheses after: ${text.slice(start, start + 80)}`);
}

/** Splits on the commas outside parentheses and `${...}`. */
function topLevelList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(' || ch === '{') depth++;
    if (ch === ')' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/**
 * The INSERTs of `text`. `aliases` resolves a `${name}` of a template (a schema export, or a
 * local `const ss = statisticsSums`) to its table.
 */
function insertsIn(text: string, where: string, aliases: Map<string, string>): Insert[] {
  const found: Insert[] = [];
  const pattern = /insert\s+into\s+(\$\{\s*(\w+)\s*\}|"?([a-z_][a-z0-9_]*)"?)/gi;
  for (const match of text.matchAll(pattern)) {
    const table = match[2] ? aliases.get(match[2]) : match[3];
    if (!table) throw new Error(`${where}: insert into \${${match[2]}}, which names no table of schema.ts`);
    const after = (match.index ?? 0) + match[0].length;
    const rest = text.slice(after);
    const open = rest.search(/\S/);
    if (rest[open] !== '(' || /^\(\s*select\b/i.test(rest.slice(open))) {
      found.push({ where, table, columns: null });
      continue;
    }
    const { inside } = parenthesised(text, after + open);
    const columns = topLevelList(inside).map((entry) => {
      const interpolated = /^\$\{\s*(\w+)\.(\w+)\s*\}$/.exec(entry);
      if (interpolated) {
        const [, owner, jsName] = interpolated;
        const info = tables.get(aliases.get(owner) ?? '');
        return info?.byJsName.get(jsName) ?? `${owner}.${jsName}`;
      }
      return entry.replace(/^"|"$/g, '');
    });
    found.push({ where, table, columns });
  }
  return found;
}

function serverSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : serverSources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function tsInserts(): Insert[] {
  return serverSources(join(ROOT, 'src/server')).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    const aliases = new Map(tableOfExport);
    for (const [, alias, target] of text.matchAll(/const\s+(\w+)\s*=\s*(\w+)\s*;/g)) {
      const table = tableOfExport.get(target);
      if (table) aliases.set(alias, table);
    }
    return insertsIn(text, relative(ROOT, file), aliases);
  });
}

/** Each function's body as the latest migration defines it (and none for a dropped one). */
function latestFunctions(): Map<string, { migration: string; body: string }> {
  const functions = new Map<string, { migration: string; body: string }>();
  const files = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  for (const file of files) {
    const text = readFileSync(join(MIGRATIONS, file), 'utf8');
    const events = [
      ...[...text.matchAll(/create\s+(?:or\s+replace\s+)?function\s+"?(\w+)"?\s*\(/gi)].map((m) => ({
        at: m.index ?? 0,
        name: m[1].toLowerCase(),
        drop: false,
      })),
      ...[...text.matchAll(/drop\s+function\s+(?:if\s+exists\s+)?"?(\w+)"?/gi)].map((m) => ({
        at: m.index ?? 0,
        name: m[1].toLowerCase(),
        drop: true,
      })),
    ].sort((a, b) => a.at - b.at);
    for (const event of events) {
      if (event.drop) {
        functions.delete(event.name);
        continue;
      }
      const open = text.indexOf('$$', event.at);
      const close = text.indexOf('$$', open + 2);
      if (open < 0 || close < 0) throw new Error(`${file}: function ${event.name} has no $$ body`);
      functions.set(event.name, { migration: file, body: text.slice(open + 2, close) });
    }
  }
  return functions;
}

function migrationInserts(): Insert[] {
  return [...latestFunctions()].flatMap(([name, { migration, body }]) =>
    insertsIn(body, `${migration}: ${name}()`, tableOfExport),
  );
}

/**
 * INSERTs that give their values by position, with the number of columns each was written for.
 * A column added to one of these tables fails the test until its INSERT is read again (does the
 * new column need a value, or does the select list now put a value in the wrong column?) and the
 * count here follows.
 */
const BY_POSITION: Record<string, { table: string; columns: number }> = {
  // The week's sums folded into one row each: week and its 15 sums.
  'src/server/modules/statistics/service.ts': { table: 'statistics_sums', columns: 16 },
  // statistics_order_rows() returns SETOF statistics_orders, one value per column in order.
  '0044_statistics_narrow.sql: statistics_refresh_orders()': { table: 'statistics_orders', columns: 13 },
};

const inserts = [...tsInserts(), ...migrationInserts()];

describe('hand-written SQL against schema.ts', () => {
  it('finds the hand-written INSERTs (so the checks below have something to check)', () => {
    const sources = new Set(inserts.map((insert) => insert.where));
    expect(sources).toContain('src/server/db/counters.ts');
    expect(sources).toContain('src/server/modules/payments/balances-service.ts');
    expect(sources).toContain('src/server/modules/books/availability-service.ts');
    expect(sources).toContain('0056_kept_overdue_and_threads.sql: admin_count_orders()');
    expect(sources).toContain('0048_member_counts.sql: member_count_orders()');
    expect(inserts.length).toBeGreaterThan(40);
  });

  it('inserts only into tables schema.ts declares, naming only their columns', () => {
    const problems = inserts.flatMap((insert) => {
      const table = tables.get(insert.table);
      if (!table) return [`${insert.where}: insert into ${insert.table}, a table schema.ts does not declare`];
      return (insert.columns ?? [])
        .filter((column) => !table.columns.has(column))
        .map((column) => `${insert.where}: insert into ${insert.table} names ${column}, not a column of it`);
    });
    expect(problems).toEqual([]);
  });

  it('names every NOT NULL column without a default of the table it inserts into', () => {
    const problems = inserts.flatMap((insert) => {
      const table = tables.get(insert.table);
      if (!table || insert.columns === null) return [];
      const named = new Set(insert.columns);
      return [...table.columns.values()]
        .filter((column) => mustBeNamed(column) && !named.has(column.name))
        .map(
          (column) =>
            `${insert.where}: insert into ${insert.table} leaves out ${column.name} (NOT NULL, no default): ` +
            'give it a value here (a new migration replaces a trigger function) or a default in schema.ts',
        );
    });
    expect(problems).toEqual([]);
  });

  it('gives values by position only where the table still has the columns it was written for', () => {
    const positional = inserts.filter((insert) => insert.columns === null);
    expect(positional.map((insert) => insert.where).sort()).toEqual(Object.keys(BY_POSITION).sort());
    for (const insert of positional) {
      const expected = BY_POSITION[insert.where];
      expect(insert.table, insert.where).toBe(expected.table);
      expect(tables.get(insert.table)?.columns.size, `${insert.where}: ${insert.table}'s columns`).toBe(
        expected.columns,
      );
    }
  });
});
