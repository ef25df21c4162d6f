import { createHash } from 'node:crypto';
import type { OperatorLogTable } from '../db/schema.js';

/**
 * The operator console's pure rules: where an operator may sign in from, and the operator log's
 * hash chain (how an entry is hashed, and how a run of entries is checked).
 */

/** The hash before the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

function ipv4(text: string): number | null {
  const parts = text.replace(/^::ffff:/i, '').split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((value, part) => value * 256 + Number(part), 0);
}

/** Whether `ip` is in the list (addresses or IPv4 CIDRs, comma- or space-separated); an empty list allows any. */
export function addressAllowed(ip: string, list: string): boolean {
  const entries = list.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) return true;
  const address = ipv4(ip);
  return entries.some((entry) => {
    const [base, bits] = entry.split('/');
    if (bits === undefined) return entry === ip || (address !== null && ipv4(entry) === address);
    const network = ipv4(base!);
    const prefix = Number(bits);
    if (address === null || network === null || !Number.isInteger(prefix) || prefix < 0 || prefix > 32)
      return false;
    const size = 2 ** (32 - prefix);
    return Math.floor(address / size) === Math.floor(network / size);
  });
}

/** JSON with object keys sorted at every depth, so one value always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The fields of an entry its hash covers: its row but the hash itself (JSON fields as stored text). */
export type ChainedEntry = Omit<OperatorLogTable, 'hash'>;

/** SHA-256 of the previous hash and the entry's canonical JSON. */
export function entryHash(entry: ChainedEntry & { hash?: string }): string {
  const { prev_hash: prev, hash: _own, ...fields } = entry;
  return createHash('sha256').update(prev).update('\n').update(canonicalJson(fields)).digest('hex');
}

export interface ChainCheck {
  ok: boolean;
  entries: number;
  head: { id: number; hash: string } | null;
  broken_at?: number;
  problem?: string;
}

/**
 * Checks a run of entries in id order, from `prev` (the hash before the first): ids follow one
 * another, each links to the one before, and each hash matches its fields.
 */
export function checkChain(
  rows: Iterable<ChainedEntry & { hash: string }>,
  start: { id: number; hash: string } = { id: 0, hash: GENESIS_HASH },
): ChainCheck {
  let previous = start;
  let count = 0;
  for (const row of rows) {
    const broken = (problem: string): ChainCheck => ({
      ok: false,
      entries: count,
      head: previous.id === 0 ? null : previous,
      broken_at: row.id,
      problem,
    });
    if (row.id !== previous.id + 1)
      return broken(`entry ${row.id} follows ${previous.id}: an entry is missing`);
    if (row.prev_hash !== previous.hash)
      return broken(`entry ${row.id} does not link to entry ${previous.id}`);
    if (entryHash(row) !== row.hash) return broken(`entry ${row.id} was changed after it was written`);
    previous = { id: row.id, hash: row.hash };
    count += 1;
  }
  return { ok: true, entries: count, head: previous.id === 0 ? null : previous };
}
