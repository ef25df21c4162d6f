import { describe, expect, it } from 'vitest';
import { pushFrame } from './channels.js';
import { Snapshots } from './snapshots.js';

const frameOf = (channel: string, fields: object, seq: number) =>
  Buffer.from(JSON.stringify(pushFrame(channel, fields, seq, 1_000)));
const read = (frame: Buffer) => JSON.parse(frame.toString()) as Record<string, unknown>;

describe('snapshots at subscription', () => {
  it('a whole channel: the last push alone, as pushed', () => {
    const snapshots = new Snapshots();
    snapshots.keep('MARKET_DEPTH.BTC/USDT', frameOf('MARKET_DEPTH.BTC/USDT', { depth: 1 }, 4));
    const last = frameOf('MARKET_DEPTH.BTC/USDT', { depth: 2 }, 5);
    snapshots.keep('MARKET_DEPTH.BTC/USDT', last);
    expect(snapshots.of('MARKET_DEPTH.BTC/USDT')!.frames).toEqual([last]);
  });

  it("tickers: each market's last push, least recently pushed first; only the newest keeps its seq", () => {
    const snapshots = new Snapshots();
    const ticker = (symbol: string, price: string, seq: number) =>
      frameOf('DAY_MARKET', { symbol, quotation: { price } }, seq);
    snapshots.keep('DAY_MARKET', ticker('BTC/USDT', '1', 7), { symbol: 'BTC/USDT' });
    snapshots.keep('DAY_MARKET', ticker('ETH/USDT', '2', 8), { symbol: 'ETH/USDT' });
    // Read from the frame when the caller has no fields (a gateway's frame from the core).
    snapshots.keep('DAY_MARKET', ticker('BTC/USDT', '3', 9));
    const frames = snapshots.of('DAY_MARKET')!.frames.map(read);
    expect(frames.map((frame) => [frame.symbol, frame.quotation, frame.seq])).toEqual([
      ['ETH/USDT', { price: '2' }, undefined],
      ['BTC/USDT', { price: '3' }, 9],
    ]);
    // Everything else of the older frame is as pushed.
    expect(frames[0]).toMatchObject({ type: 'DAY_MARKET', channel: 'DAY_MARKET', ts: 1_000 });
  });

  it("all-period klines: each period's last bar", () => {
    const snapshots = new Snapshots();
    for (const [period, seq] of [
      ['1min', 1],
      ['5min', 2],
      ['1min', 3],
    ] as const) {
      snapshots.keep('KLINE.BTC/USDT', frameOf('KLINE.BTC/USDT', { period, kline: { seq } }, seq), {
        period,
      });
    }
    expect(
      snapshots
        .of('KLINE.BTC/USDT')!
        .frames.map(read)
        .map((frame) => [frame.period, frame.seq]),
    ).toEqual([
      ['5min', undefined],
      ['1min', 3],
    ]);
  });

  it('keeps nothing for event channels nor a push without its part; a version tells a later push; drop forgets', () => {
    const snapshots = new Snapshots();
    snapshots.keep('GLOBAL_TX.BTC/USDT', frameOf('GLOBAL_TX.BTC/USDT', { completes: [] }, 1));
    snapshots.keep('DAY_MARKET', frameOf('DAY_MARKET', { quotation: {} }, 1));
    expect(snapshots.of('GLOBAL_TX.BTC/USDT')).toBeUndefined();
    expect(snapshots.of('DAY_MARKET')).toBeUndefined();

    snapshots.keep('KLINE.BTC/USDT.1min', frameOf('KLINE.BTC/USDT.1min', { kline: 1 }, 1));
    const taken = snapshots.of('KLINE.BTC/USDT.1min')!;
    expect(snapshots.current('KLINE.BTC/USDT.1min', taken)).toBe(true);
    snapshots.keep('KLINE.BTC/USDT.1min', frameOf('KLINE.BTC/USDT.1min', { kline: 2 }, 2));
    expect(snapshots.current('KLINE.BTC/USDT.1min', taken)).toBe(false);
    snapshots.drop('KLINE.BTC/USDT.1min');
    expect(snapshots.of('KLINE.BTC/USDT.1min')).toBeUndefined();
  });
});
