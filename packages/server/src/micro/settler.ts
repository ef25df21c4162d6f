import { Decimal, type MicroOrderView } from '@oex/protocol';
import type { Sequencer } from '../ledger/sequencer.js';
import type { MarkTape } from '../market/mark-tape.js';
import type { SettledContract } from './commands.js';
import type { MicroService } from './service.js';

/** Orders settled by one command. */
const CHUNK = 250;

/**
 * Settles every open order whose end the tape has reached, each on the tape row in force at its
 * own end (the last at or before it). It runs after each second's sampling, so the rows up to
 * that second are written; after a restart the first tick settles what ended while the server was
 * down, at its own end's price, never at the price of the restart.
 */
export class MicroSettler {
  private readonly listeners: ((userId: number, order: () => MicroOrderView) => void)[] = [];

  constructor(
    private readonly micro: MicroService,
    private readonly sequencer: Sequencer,
    private readonly tape: MarkTape,
  ) {}

  attach(): void {
    this.tape.onTick((asOf) => this.settleDue(asOf).then(() => undefined));
  }

  /** Told each settled order (the MICRO_CLOSED push); the view is built only for who asks for it. */
  onClosed(listener: (userId: number, order: () => MicroOrderView) => void): void {
    this.listeners.push(listener);
  }

  private tell(result: SettledContract, end: { time: number; price: Decimal }): void {
    const view = () =>
      this.micro.view({
        ...result.contract,
        settled: { ...result, endPrice: end.price, endEntryTime: end.time },
      });
    for (const listener of this.listeners) listener(result.contract.userId, view);
  }

  /** Settles the orders ended by `asOf`; answers how many it settled. */
  async settleDue(asOf: number): Promise<number> {
    const due = this.micro.open.dueBy(asOf);
    const ends = new Map<string, { marketId: number; endsAt: number; ids: number[] }>();
    for (const contract of due) {
      const key = `${contract.marketId}|${contract.endsAt}`;
      const group = ends.get(key) ?? { marketId: contract.marketId, endsAt: contract.endsAt, ids: [] };
      group.ids.push(contract.id);
      ends.set(key, group);
    }
    const settled = await Promise.all(
      [...ends.values()].map(async ({ marketId, endsAt, ids }) => {
        const entry = await this.tape.entryAt(marketId, endsAt);
        // Only a pruned or emptied tape lacks it: such orders stay open rather than settle on a guess.
        if (!entry) return 0;
        const end = { time: entry.time, price: Decimal.parse(entry.price) };
        // Chunks of orders per command: a second's endings share a commit (one disk flush); each
        // chunk is told as soon as its batch committed.
        const chunks: number[][] = [];
        for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
        const settled = await Promise.all(
          chunks.map((chunk) =>
            this.sequencer.dispatch('micro.settle', { orderIds: chunk, end }).then((results) => {
              for (const result of results) this.tell(result, end);
              return results.length;
            }),
          ),
        );
        return settled.reduce((sum, count) => sum + count, 0);
      }),
    );
    return settled.reduce((sum, count) => sum + count, 0);
  }
}
