import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';
import type { Dialect } from '../connect.js';

/** Column helpers that hide the two dialects' differences from the migrations. */
export function columns(dialect: Dialect) {
  const money = dialect === 'postgres' ? sql`numeric(36,18)` : sql`text`;
  return {
    /** The exact money type, for columns added to existing tables. */
    moneyType: money,
    /** An auto-numbered primary key. */
    id<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'> {
      return dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
    /** Exact money: NUMERIC(36,18) or TEXT, never a float. */
    money<T extends string, C extends string>(
      table: CreateTableBuilder<T, C>,
      name: string,
      build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (c) => c.notNull().defaultTo('0'),
    ) {
      return table.addColumn(name, money, build);
    },
  };
}
