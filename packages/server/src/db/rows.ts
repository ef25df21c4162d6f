import { CompiledQuery } from 'kysely';
import type { Dialect } from './connect.js';

/**
 * Statements for the sequencer's hot writes, built without the query builder. Each has a fixed
 * SQL text per table (and per row count on PostgreSQL), so SQLite runs one cached prepared
 * statement per row and PostgreSQL sends few multi-row statements. Measured: compiling these
 * through Kysely and re-preparing a new multi-row text each batch cost about a third of the
 * order path. Table and column names come from code, never from input.
 */
export class RowWriter {
  private readonly texts = new Map<string, string>();

  constructor(private readonly dialect: Dialect) {}

  private placeholder(index: number): string {
    return this.dialect === 'postgres' ? `$${index}` : '?';
  }

  private text(key: string, build: () => string): string {
    let sql = this.texts.get(key);
    if (!sql) {
      sql = build();
      this.texts.set(key, sql);
    }
    return sql;
  }

  /** INSERT statements for rows given as objects with the same keys. */
  insert(table: string, rows: readonly Record<string, unknown>[]): CompiledQuery[] {
    if (rows.length === 0) return [];
    const columns = Object.keys(rows[0]!);
    const perStatement = this.dialect === 'postgres' ? Math.max(1, Math.floor(30_000 / columns.length)) : 1;
    const queries: CompiledQuery[] = [];
    for (let start = 0; start < rows.length; start += perStatement) {
      const chunk = rows.slice(start, start + perStatement);
      const sql = this.text(`i|${table}|${columns.join(',')}|${chunk.length}`, () => {
        let index = 0;
        const tuple = () => `(${columns.map(() => this.placeholder(++index)).join(', ')})`;
        const values = chunk.map(tuple).join(', ');
        return `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${values}`;
      });
      const parameters: unknown[] = [];
      for (const row of chunk) for (const column of columns) parameters.push(row[column] ?? null);
      queries.push(CompiledQuery.raw(sql, parameters));
    }
    return queries;
  }

  /** UPDATE of some columns of one row by id. */
  update(table: string, id: number, values: Record<string, unknown>): CompiledQuery {
    const columns = Object.keys(values);
    const sql = this.text(`u|${table}|${columns.join(',')}`, () => {
      const sets = columns.map((column, i) => `"${column}" = ${this.placeholder(i + 1)}`).join(', ');
      return `update "${table}" set ${sets} where "id" = ${this.placeholder(columns.length + 1)}`;
    });
    return CompiledQuery.raw(sql, [...columns.map((column) => values[column] ?? null), id]);
  }
}
