import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../../src/db/connect.js';
import { migrate } from '../../src/db/migrate.js';
import { seedReference } from '../../src/db/seed/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
  }
}

/** The URL of one database on the server at `base`. */
export function pgDatabaseUrl(base: string, name: string): string {
  return `${base.replace(/\/$/, '')}/${name}`;
}

/**
 * Statements on the server's maintenance database, where databases are made and dropped, one
 * after another on one connection (CREATE DATABASE cannot share a transaction with another).
 */
export async function onPgServer(base: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: pgDatabaseUrl(base, 'postgres') });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * On PostgreSQL, migrates and seeds one template database per run, so each test's fresh database
 * is a copy of it rather than two dozen migrations replayed over the wire (about 200 ms a start).
 * The migrations themselves still run on PostgreSQL here, once, and on SQLite in every test.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const base = process.env.TEST_PG_URL;
  project.provide('pgTemplate', undefined);
  if (!base) return;
  const name = `oex_template_${randomBytes(6).toString('hex')}`;
  await onPgServer(base, `CREATE DATABASE ${name}`);
  const db = connect(pgDatabaseUrl(base, name));
  try {
    await migrate(db);
    await seedReference(db);
  } finally {
    await db.close();
  }
  project.provide('pgTemplate', name);
  return () => onPgServer(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
