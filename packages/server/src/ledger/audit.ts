import { Decimal } from '@oex/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface AuditedAccount {
  id: number;
  userId: number | null;
  systemCode: string | null;
  currencyId: number;
  balance: bigint;
  lock: bigint;
}

export interface CurrencyTotals {
  currencyId: number;
  code: string;
  accounts: number;
  /** What users hold, available plus locked. */
  users: string;
  /** What the system accounts hold: minus what came in from outside, plus fees and pools. */
  system: string;
  /** users + system: zero when no money was made or lost. */
  sum: string;
}

export interface AuditReport {
  ok: boolean;
  currencies: CurrencyTotals[];
  problems: string[];
}

const text = (units: bigint) => Decimal.fromUnits(units).toString();

/**
 * The three promises of the ledger, checked: per currency the sum of every account is zero; no
 * user balance is negative; every account equals the sum of its journal. Pure.
 */
export function checkLedger(
  accounts: AuditedAccount[],
  journalSums: Map<number, { available: bigint; locked: bigint }>,
  codes: Map<number, string>,
): AuditReport {
  const problems: string[] = [];
  const totals = new Map<number, { accounts: number; users: bigint; system: bigint }>();
  for (const account of accounts) {
    const owner = account.userId !== null ? `user ${account.userId}` : `system ${account.systemCode}`;
    const name = `account ${account.id} (${owner}, ${codes.get(account.currencyId) ?? account.currencyId})`;
    const total = totals.get(account.currencyId) ?? { accounts: 0, users: 0n, system: 0n };
    total.accounts += 1;
    if (account.userId !== null) total.users += account.balance + account.lock;
    else total.system += account.balance + account.lock;
    totals.set(account.currencyId, total);
    if (account.userId !== null && (account.balance < 0n || account.lock < 0n)) {
      problems.push(`${name} is negative: balance ${text(account.balance)}, locked ${text(account.lock)}`);
    }
    const journal = journalSums.get(account.id) ?? { available: 0n, locked: 0n };
    if (journal.available !== account.balance || journal.locked !== account.lock) {
      problems.push(
        `${name} disagrees with its journal: balance ${text(account.balance)} vs ${text(journal.available)}, ` +
          `locked ${text(account.lock)} vs ${text(journal.locked)}`,
      );
    }
  }
  const known = new Set(accounts.map((account) => account.id));
  for (const accountId of journalSums.keys()) {
    if (!known.has(accountId)) problems.push(`journal rows refer to missing account ${accountId}`);
  }
  const currencies = [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([currencyId, total]) => {
      const sum = total.users + total.system;
      const code = codes.get(currencyId) ?? String(currencyId);
      if (sum !== 0n) problems.push(`${code}: the accounts sum to ${text(sum)}, not zero`);
      return {
        currencyId,
        code,
        accounts: total.accounts,
        users: text(total.users),
        system: text(total.system),
        sum: text(sum),
      };
    });
  return { ok: problems.length === 0, currencies, problems };
}

const PAGE = 5000;

/**
 * Reads the accounts and sums the journal page by page, then checks them, all in one snapshot
 * (a repeatable-read transaction), so it can run beside a live exchange.
 */
export async function auditLedger(db: Kysely<Database>): Promise<AuditReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute((trx) => auditSnapshot(trx));
}

async function auditSnapshot(db: Kysely<Database>): Promise<AuditReport> {
  const rows = await db.selectFrom('accounts').selectAll().execute();
  const accounts = rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    systemCode: row.system_code,
    currencyId: row.currency_id,
    balance: Decimal.parse(String(row.balance)).units,
    lock: Decimal.parse(String(row.lock_balance)).units,
  }));
  const sums = new Map<number, { available: bigint; locked: bigint }>();
  let after = 0;
  for (;;) {
    const logs = await db
      .selectFrom('account_logs')
      .select(['id', 'account_id', 'change_balance', 'change_lock'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const log of logs) {
      const sum = sums.get(log.account_id) ?? { available: 0n, locked: 0n };
      sum.available += Decimal.parse(String(log.change_balance)).units;
      sum.locked += Decimal.parse(String(log.change_lock)).units;
      sums.set(log.account_id, sum);
    }
    if (logs.length < PAGE) break;
    after = logs[logs.length - 1]!.id;
  }
  const currencies = await db.selectFrom('currencies').select(['id', 'code']).execute();
  return checkLedger(accounts, sums, new Map(currencies.map((currency) => [currency.id, currency.code])));
}

/** The report as a table for people. */
export function formatReport(report: AuditReport): string {
  const header = ['currency', 'accounts', 'users hold', 'system side', 'sum'];
  const lines = report.currencies.map((c) => [c.code, String(c.accounts), c.users, c.system, c.sum]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const row = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const out = [row(header), ...lines.map(row)];
  if (report.currencies.length === 0) out.push('(no accounts yet)');
  out.push(
    '',
    report.ok ? 'audit: clean' : `audit: ${report.problems.length} problem(s)`,
    ...report.problems.map((p) => `  - ${p}`),
  );
  return out.join('\n');
}
