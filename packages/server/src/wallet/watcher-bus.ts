/**
 * The deposit watchers in a process of their own (CHAIN_WATCHERS=bus, `npm run watchers`,
 * docs/wallet.md): they read the chains and store what they see, and ask the leading core over
 * NATS for every change of a deposit's state that moves a balance, and tell it which deposits
 * changed. Only the leader answers (queue group `core`, subscribed while it leads).
 */
import { Decimal, type DepositStatus } from '@oex/protocol';
import type { Kysely } from 'kysely';
import { connect, type NatsConnection } from 'nats';
import { CORE_QUEUE, watcherSubjects } from '../cluster/bus-rules.js';
import type { Database } from '../db/schema.js';
import type { ChainProgress } from '../platform/metrics.js';
import type { DepositLedger, DepositRef } from './deposit-ledger.js';
import type { DepositTransitions } from './watcher.js';
import { natsConnectOptions } from '../cluster/nats-access.js';

/** How far the watchers got on one network, as they report it after each pass. */
export interface NetworkProgress extends ChainProgress {
  networkId: number;
}

/** How long the watchers' process waits for a core's answer; a pass without one is tried again. */
const ANSWER_MS = 10_000;

interface TransitionRequest {
  deposit: { id: number; userId: number; currencyId: number; amount: string };
  from: DepositStatus;
  to: DepositStatus;
  confirmations: number;
}

type TransitionReply = { ok: true; done: boolean } | { ok: false; error: string };

const utf8 = new TextEncoder();
const text = new TextDecoder();

const STATUSES: readonly string[] = [
  'pending',
  'credited',
  'confirmed',
  'below_minimum',
  'reversed',
] satisfies DepositStatus[];

/** States the watchers never move a deposit out of through the bus. */
const FINAL: readonly DepositStatus[] = ['confirmed', 'reversed'];

/** A request as sent, checked field by field: anything else is refused, not applied. */
export function decodeTransition(data: Uint8Array): TransitionRequest | null {
  try {
    const value = JSON.parse(text.decode(data)) as Partial<TransitionRequest>;
    const deposit = value.deposit;
    const whole = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0;
    if (
      !deposit ||
      !whole(deposit.id) ||
      !whole(deposit.userId) ||
      !whole(deposit.currencyId) ||
      typeof deposit.amount !== 'string' ||
      !Decimal.tryParse(deposit.amount)?.isPositive() ||
      !STATUSES.includes(value.from as string) ||
      !STATUSES.includes(value.to as string) ||
      !whole(value.confirmations)
    ) {
      return null;
    }
    return value as TransitionRequest;
  } catch {
    return null;
  }
}

/** A list of deposit ids as sent; null for anything else. */
function decodeIds(data: Uint8Array): number[] | null {
  try {
    const value = JSON.parse(text.decode(data)) as unknown;
    if (!Array.isArray(value) || !value.every((id) => Number.isSafeInteger(id))) return null;
    return value as number[];
  } catch {
    return null;
  }
}

/** A progress report as sent; null for anything else. */
function decodeProgress(data: Uint8Array): NetworkProgress[] | null {
  const count = (n: unknown) => n === null || (Number.isSafeInteger(n) && (n as number) >= 0);
  try {
    const value = JSON.parse(text.decode(data)) as unknown;
    if (!Array.isArray(value)) return null;
    const rows = value as Partial<NetworkProgress>[];
    const valid = rows.every(
      (row) =>
        Number.isSafeInteger(row.networkId) &&
        count(row.head) &&
        count(row.scanned) &&
        count(row.lastSyncAt) &&
        Number.isSafeInteger(row.failuresInRow),
    );
    return valid ? (rows as NetworkProgress[]) : null;
  } catch {
    return null;
  }
}

/**
 * The leader's side: applies each asked change through the sequencer, one at a time, and only
 * when the deposit's stored state is still the one it was asked from, for its stored amount. An
 * answer lost on the way (a core that died after its commit, a wait that ran out) makes the
 * watchers ask again: the second asking then finds the state changed and is answered
 * `done: false`, so nothing is credited twice.
 */
export async function serveDepositWatchers(
  natsUrl: string,
  prefix: string,
  db: Kysely<Database>,
  deposits: DepositLedger,
  changed: (ids: number[]) => Promise<void>,
  /** Told each network's progress as the watchers report it (readiness, metrics). */
  progress: (report: NetworkProgress[]) => void,
  log: { warn(message: string): void },
): Promise<{ close(): Promise<void> }> {
  const nc = await connect({
    ...natsConnectOptions(natsUrl, 'core', 'oex-core-deposits'),
    maxReconnectAttempts: -1,
  });
  const subjects = watcherSubjects(prefix);
  let queue = Promise.resolve();
  const inOrder = <T>(work: () => Promise<T>): Promise<T> => {
    const result = queue.then(work);
    queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
  const apply = async (request: TransitionRequest): Promise<boolean> => {
    const stored = await db
      .selectFrom('deposits')
      .select(['status', 'amount'])
      .where('id', '=', request.deposit.id)
      .where('user_id', '=', request.deposit.userId)
      .where('currency_id', '=', request.deposit.currencyId)
      .executeTakeFirst();
    if (stored?.status !== request.from) return false;
    // A final deposit is not moved by the watchers (a deep reorganisation is an operator's).
    if (FINAL.includes(request.from)) throw new Error(`deposit ${request.deposit.id} is final`);
    // What moves is the stored deposit's amount, never the one asked with.
    const amount = Decimal.parse(String(stored.amount));
    if (!amount.eq(Decimal.parse(request.deposit.amount))) {
      throw new Error(`deposit ${request.deposit.id} is of another amount`);
    }
    const ref: DepositRef = { ...request.deposit, amount };
    return deposits.transition(ref, request.from, request.to, request.confirmations);
  };
  nc.subscribe(subjects.transition, {
    queue: CORE_QUEUE,
    callback: (error, msg) => {
      if (error) return;
      const request = decodeTransition(msg.data);
      const reply = (answer: TransitionReply) => msg.respond(utf8.encode(JSON.stringify(answer)));
      if (!request) {
        log.warn('deposit watchers: a malformed request was refused');
        return reply({ ok: false, error: 'not a deposit change' });
      }
      void inOrder(() => apply(request)).then(
        (done) => reply({ ok: true, done }),
        (failure: unknown) => reply({ ok: false, error: (failure as Error).message }),
      );
    },
  });
  nc.subscribe(subjects.changed, {
    queue: CORE_QUEUE,
    callback: (error, msg) => {
      if (error) return;
      const ids = decodeIds(msg.data);
      if (!ids) {
        log.warn('deposit watchers: a malformed list of changed deposits was refused');
        return msg.respond(utf8.encode('false'));
      }
      void inOrder(() => changed(ids))
        .catch((failure: unknown) =>
          log.warn(`deposit watchers: passing on changed deposits failed: ${(failure as Error).message}`),
        )
        .finally(() => msg.respond(utf8.encode('true')));
    },
  });
  nc.subscribe(subjects.progress, {
    queue: CORE_QUEUE,
    callback: (error, msg) => {
      const report = error ? null : decodeProgress(msg.data);
      if (report) progress(report);
    },
  });
  // Once the bus has the subscriptions, a watcher's next request reaches this core.
  await nc.flush();
  return {
    async close() {
      await nc.drain();
      await queue;
    },
  };
}

/** The watchers' process's side: each change asked of the leading core, each pass's changes told. */
export class BusDepositTransitions implements DepositTransitions {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly subjects: ReturnType<typeof watcherSubjects>,
  ) {}

  static async connect(natsUrl: string, prefix: string): Promise<BusDepositTransitions> {
    const nc = await connect({
      ...natsConnectOptions(natsUrl, 'watchers', 'oex-watchers'),
      maxReconnectAttempts: -1,
    });
    return new BusDepositTransitions(nc, watcherSubjects(prefix));
  }

  async transition(
    deposit: DepositRef,
    from: DepositStatus,
    to: DepositStatus,
    confirmations: number,
  ): Promise<boolean> {
    const request: TransitionRequest = {
      deposit: { ...deposit, amount: deposit.amount.toString() },
      from,
      to,
      confirmations,
    };
    const answer = await this.nc.request(this.subjects.transition, utf8.encode(JSON.stringify(request)), {
      timeout: ANSWER_MS,
    });
    const reply = JSON.parse(text.decode(answer.data)) as TransitionReply;
    if (!reply.ok) throw new Error(`the core refused deposit ${deposit.id}'s change: ${reply.error}`);
    return reply.done;
  }

  /** Tells the leader which deposits changed (its live pushes, the payment intents they match). */
  async changed(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    // A request, not a publish: the pass is over only once the leader took the list.
    await this.nc.request(this.subjects.changed, utf8.encode(JSON.stringify(ids)), { timeout: ANSWER_MS });
  }

  /** Tells the leader how far each network got (its readiness and `/metrics` show it). */
  progress(report: NetworkProgress[]): void {
    this.nc.publish(this.subjects.progress, utf8.encode(JSON.stringify(report)));
  }

  close(): Promise<void> {
    return this.nc.drain();
  }
}
