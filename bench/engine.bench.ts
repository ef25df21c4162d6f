// (a) The matching engine alone on a mixed workload (~60% limit, ~30% cancel, ~10% market,
// ~10,000 resting orders), side by side with the npm package nodejs-order-book on the same
// operations in the same process. Writes bench/results/engine.json. Both books are driven by the
// same loop over the same operations; anything either library needs beyond its own call (the
// other book's string ids) is prepared with the workload, outside the timed loop. After the run,
// the two books must hold the same levels and the same number of orders, or the bench fails.
import { mkdirSync, writeFileSync } from 'node:fs';
import { OrderBook as TheirBook } from 'nodejs-order-book';
import { BUY, OrderBook, SELL, type Side } from '../packages/server/src/spot/engine.js';
import { seededRandom as random } from '../packages/server/src/spot/maker-rules.js';

type Op =
  | { kind: 'limit'; id: number; key: string; side: Side; price: number; size: number }
  | { kind: 'market'; side: Side; size: number }
  | { kind: 'cancel'; id: number; key: string };

const MID = 100_000;
const TARGET_RESTING = 10_000;

/**
 * The workload is generated against a scratch book, so cancels always name a live order and
 * market orders are sized to hold the book near TARGET_RESTING resting orders.
 */
function workload(count: number): { prefill: Op[]; ops: Op[] } {
  const next = random(42);
  const scratch = new OrderBook();
  const live: number[] = [];
  const where = new Map<number, number>();
  const forget = (id: number) => {
    const index = where.get(id);
    if (index === undefined) return;
    const last = live.pop()!;
    if (last !== id) {
      live[index] = last;
      where.set(last, index);
    }
    where.delete(id);
  };
  const record = (op: Op) => {
    const result =
      op.kind === 'limit'
        ? scratch.placeLimit(op.id, op.id, op.side, op.price, op.size)
        : op.kind === 'market'
          ? scratch.placeMarket(0, op.side, op.size)
          : (scratch.cancel(op.id), undefined);
    if (op.kind === 'cancel') forget(op.id);
    for (const fill of result?.fills ?? []) if (fill.makerRemaining === 0) forget(fill.makerId);
    if (op.kind === 'limit' && result?.rested) {
      where.set(op.id, live.length);
      live.push(op.id);
    }
    return op;
  };
  let id = 1;
  const limit = (crossing: boolean): Op => {
    const side: Side = next() < 0.5 ? BUY : SELL;
    const offset = crossing ? Math.floor(next() * 6) - 1 : 1 + Math.floor(next() * 200);
    const price = side === BUY ? MID - offset : MID + offset;
    const size = 1 + Math.floor(next() * 100);
    const key = String(id);
    return { kind: 'limit', id: id++, key, side, price, size };
  };
  const prefill = Array.from({ length: TARGET_RESTING }, () => record(limit(false)));
  const ops: Op[] = [];
  for (let i = 0; i < count; i += 1) {
    const roll = next();
    if (roll < 0.6) ops.push(record(limit(next() < 0.1)));
    else if (roll < 0.9 && live.length > 0) {
      const target = live[Math.floor(next() * live.length)]!;
      ops.push(record({ kind: 'cancel', id: target, key: String(target) }));
    } else {
      const reach = scratch.size > TARGET_RESTING ? 1200 : 100;
      ops.push(
        record({ kind: 'market', side: next() < 0.5 ? BUY : SELL, size: 1 + Math.floor(next() * reach) }),
      );
    }
  }
  return { prefill, ops };
}

/** What a book holds at the end: the volume at each price of each side, and its order count. */
interface Holding {
  bids: Map<number, number>;
  asks: Map<number, number>;
  resting: number;
}

function runOurs(prefill: Op[], ops: Op[]): { seconds: number; holding: Holding } {
  const book = new OrderBook();
  const apply = (op: Op) => {
    if (op.kind === 'limit') book.placeLimit(op.id, op.id, op.side, op.price, op.size);
    else if (op.kind === 'market') book.placeMarket(0, op.side, op.size);
    else book.cancel(op.id);
  };
  prefill.forEach(apply);
  const start = process.hrtime.bigint();
  for (const op of ops) apply(op);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const depth = book.depth(Infinity);
  const levels = (side: { price: number; quantity: number }[]) =>
    new Map(side.map((level) => [level.price, level.quantity]));
  return { seconds, holding: { bids: levels(depth.bids), asks: levels(depth.asks), resting: book.size } };
}

function runTheirs(prefill: Op[], ops: Op[]): { seconds: number; holding: Holding } {
  const book = new TheirBook();
  const apply = (op: Op) => {
    if (op.kind === 'limit') {
      book.limit({
        id: op.key,
        side: op.side === BUY ? 'buy' : 'sell',
        size: op.size,
        price: op.price,
      } as never);
    } else if (op.kind === 'market')
      book.market({ side: op.side === BUY ? 'buy' : 'sell', size: op.size } as never);
    else book.cancel(op.key);
  };
  prefill.forEach(apply);
  const start = process.hrtime.bigint();
  for (const op of ops) apply(op);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const [asks, bids] = book.depth();
  const snapshot = book.snapshot();
  return {
    seconds,
    holding: {
      bids: new Map(bids),
      asks: new Map(asks),
      resting: snapshot.bids.concat(snapshot.asks).reduce((sum, level) => sum + level.orders.length, 0),
    },
  };
}

/** The two books' end states, compared: the bench fails if they differ. */
function disagreement(ours: Holding, theirs: Holding): string | undefined {
  if (ours.resting !== theirs.resting)
    return `resting orders: ours ${ours.resting}, theirs ${theirs.resting}`;
  for (const side of ['bids', 'asks'] as const) {
    if (ours[side].size !== theirs[side].size)
      return `${side}: ours ${ours[side].size} levels, theirs ${theirs[side].size}`;
    for (const [price, volume] of ours[side])
      if (theirs[side].get(price) !== volume)
        return `${side} at ${price}: ours ${volume}, theirs ${theirs[side].get(price)}`;
  }
  return undefined;
}

const COUNT = 1_000_000;
const { prefill, ops } = workload(COUNT);
const mix = { limit: 0, cancel: 0, market: 0 };
for (const op of ops) mix[op.kind] += 1;

let best = { ours: Infinity, theirs: Infinity, resting: 0 };
for (let round = 0; round < 3; round += 1) {
  const ours = runOurs(prefill, ops);
  const theirs = runTheirs(prefill, ops);
  const differs = disagreement(ours.holding, theirs.holding);
  if (differs !== undefined) {
    console.error(`The two books disagree after the run: ${differs}`);
    process.exit(1);
  }
  best = {
    ours: Math.min(best.ours, ours.seconds),
    theirs: Math.min(best.theirs, theirs.seconds),
    resting: ours.holding.resting,
  };
}
const results = {
  date: new Date().toISOString(),
  operations: COUNT,
  mix: Object.fromEntries(
    Object.entries(mix).map(([kind, n]) => [kind, `${Math.round((n / COUNT) * 100)}%`]),
  ),
  resting_at_end: best.resting,
  ours_ops_per_s: Math.round(COUNT / best.ours),
  nodejs_order_book_ops_per_s: Math.round(COUNT / best.theirs),
  speedup: Number((best.theirs / best.ours).toFixed(2)),
  books_agree: true,
  goal: '>= 3,000,000 ops/s and >= 30x nodejs-order-book',
};
for (const [key, value] of Object.entries(results))
  console.log(`${key.padEnd(28)} ${typeof value === 'object' ? JSON.stringify(value) : value}`);
mkdirSync(new URL('results/', import.meta.url), { recursive: true });
writeFileSync(new URL('results/engine.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
