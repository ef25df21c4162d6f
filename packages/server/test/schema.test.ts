import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { serverPath } from '../src/lib/paths.js';
import { freshDatabase } from './helpers/exchange.js';
import { budget } from './helpers/budget.js';

interface Column {
  name: string;
  nullable: boolean;
}

/** The tables `schema.ts` declares: `Database`'s members and the columns of each member's interface. */
function declaredTables(): Map<string, Column[]> {
  const file = serverPath('src/db/schema.ts');
  const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find(
    (node): node is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(node) && node.name.text === 'Database',
  )!;
  const tables = new Map<string, Column[]>();
  for (const member of checker.getTypeAtLocation(database).getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(member, database);
    const columns = tableType.getProperties().map((column) => {
      // Generated<T> and ColumnType<S, I, U> read as their select type; nullable when it admits null.
      const text = checker.typeToString(checker.getTypeOfSymbolAtLocation(column, database));
      return { name: column.name, nullable: /\bnull\b/.test(text) };
    });
    tables.set(member.name, columns);
  }
  return tables;
}

/** The tables a migrated database has, with each column's nullability. */
async function migratedTables(db: Db): Promise<Map<string, Column[]>> {
  const tables = new Map<string, Column[]>();
  if (db.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: string }>`
      select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`.execute(db.kysely);
    for (const row of rows) {
      const columns = tables.get(row.table_name) ?? [];
      columns.push({ name: row.column_name, nullable: row.is_nullable === 'YES' });
      tables.set(row.table_name, columns);
    }
  } else {
    const { rows: names } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
    for (const { name } of names) {
      const { rows } = await sql<{ name: string; notnull: number; pk: number }>`
        select name, "notnull", pk from pragma_table_info(${name})`.execute(db.kysely);
      // SQLite lets a non-integer primary key hold NULL unless it says NOT NULL; ours never do.
      tables.set(
        name,
        rows.map((row) => ({ name: row.name, nullable: row.notnull === 0 && row.pk === 0 })),
      );
    }
  }
  // The migrator's own bookkeeping is not the application's schema.
  for (const name of [...tables.keys()]) if (name.startsWith('kysely_migration')) tables.delete(name);
  return tables;
}

const sorted = (columns: Column[]) => [...columns].sort((a, b) => a.name.localeCompare(b.name));

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await freshDatabase();
  db = connect(database.url);
  await migrate(db);
}, budget(60_000));
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

describe('schema.ts', () => {
  it('declares exactly the tables and columns the migrations create, with the same nullability', async () => {
    const declared = declaredTables();
    const migrated = await migratedTables(db);
    expect([...declared.keys()].sort()).toEqual([...migrated.keys()].sort());
    for (const [table, columns] of declared) {
      expect({ table, columns: sorted(columns) }).toEqual({ table, columns: sorted(migrated.get(table)!) });
    }
  });
});
