import type { OperatorLogCheck, OperatorLogEntry } from '@oex/protocol';
import { sql, type Kysely } from 'kysely';
import { newestFirst } from '../db/paging.js';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { OperatorPrincipal } from './operators.js';
import { checkChain, entryHash, GENESIS_HASH, type ChainedEntry } from './rules.js';

/** What an admin action hands the log; JSON values are stored as canonical text. */
export interface OperatorAction {
  operator: OperatorPrincipal;
  ip: string;
  action: string;
  target: string;
  reason: string;
  request: unknown;
  before: unknown;
  after: unknown;
  outcome: string;
}

/** The most a JSON field of an entry keeps: an answer larger than this is cut, and says so. */
const FIELD_LIMIT = 16_000;

function jsonText(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  return text.length <= FIELD_LIMIT ? text : JSON.stringify({ truncated: text.slice(0, FIELD_LIMIT) });
}

const VERIFY_PAGE = 2000;

/**
 * The tamper-evident operator log: appended one entry at a time (ids 1, 2, ... and each carrying
 * the hash of the one before), never updated. Another process appending at the same moment makes
 * the insert of a taken id fail; the entry is then linked to the new head and written again.
 */
export class OperatorLog {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  append(action: OperatorAction): Promise<OperatorLogEntry> {
    const next = this.tail.then(() => this.write(action));
    this.tail = next.catch(() => undefined);
    return next;
  }

  private async write(action: OperatorAction): Promise<OperatorLogEntry> {
    for (let attempt = 0; ; attempt += 1) {
      const head = await this.head();
      const entry: ChainedEntry = {
        id: (head?.id ?? 0) + 1,
        at: this.clock.now(),
        operator_id: action.operator.id,
        operator_name: action.operator.name,
        ip: action.ip.slice(0, 64),
        action: action.action.slice(0, 128),
        target: action.target.slice(0, 256),
        reason: action.reason.slice(0, 1000),
        request: jsonText(action.request),
        before: jsonText(action.before),
        after: jsonText(action.after),
        outcome: action.outcome.slice(0, 1000),
        prev_hash: head?.hash ?? GENESIS_HASH,
      };
      const row = { ...entry, hash: entryHash(entry) };
      try {
        await this.db.insertInto('operator_log').values(row).execute();
        return toView(row);
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
  }

  async head(): Promise<{ id: number; hash: string } | null> {
    const row = await this.db
      .selectFrom('operator_log')
      .select(['id', 'hash'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async page(
    filter: { operator?: string; action?: string },
    page: number,
    perPage: number,
  ): Promise<{ total: number; rows: OperatorLogEntry[] }> {
    let query = this.db.selectFrom('operator_log');
    if (filter.operator) query = query.where('operator_name', '=', filter.operator);
    if (filter.action) {
      // A substring: LIKE's own characters in it are taken literally.
      const pattern = `%${filter.action.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      query = query.where(sql<boolean>`action like ${pattern} escape '!'`);
    }
    const { total, rows } = await newestFirst(query, page, perPage);
    return { total, rows: rows.map(toView) };
  }

  /** Walks the whole chain from the first entry; names the first entry that does not match. */
  async verify(): Promise<OperatorLogCheck> {
    let start = { id: 0, hash: GENESIS_HASH };
    let entries = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('operator_log')
        .selectAll()
        .where('id', '>', start.id)
        .orderBy('id')
        .limit(VERIFY_PAGE)
        .execute();
      const check = checkChain(rows, start);
      entries += check.entries;
      if (!check.ok) return { ...check, entries };
      if (rows.length < VERIFY_PAGE)
        return { ok: true, entries, head: check.head ?? (start.id ? start : null) };
      start = check.head!;
    }
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toView(row: ChainedEntry & { hash: string }): OperatorLogEntry {
  return {
    id: row.id,
    at: row.at,
    operator: row.operator_name,
    ip: row.ip,
    action: row.action,
    target: row.target,
    reason: row.reason,
    request: parse(row.request),
    before: parse(row.before),
    after: parse(row.after),
    outcome: row.outcome,
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}
