import {
  Decimal,
  MICRO_CLOSED,
  MICRO_OPEN,
  type MicroOrderView,
  type MicroOutcome,
  type MicroSide,
} from '@oex/protocol';
import type { Selectable } from 'kysely';
import type { MicroOrdersTable } from '../db/schema.js';
import type { OpenContract } from './open-contracts.js';
import { remainingMs, type Settlement } from './rules.js';

/** An order as stored: open, or with what its settlement wrote. */
export interface OrderRecord extends OpenContract {
  settled: (Settlement & { endPrice: Decimal; endEntryTime: number; settledAt: number }) | null;
}

const dec = (value: string | number) => Decimal.parse(String(value));

export function recordOfRow(row: Selectable<MicroOrdersTable>, decimals: number): OrderRecord {
  const stake = dec(row.number);
  const profitRatio = dec(row.profit_ratio);
  return {
    id: row.id,
    userId: row.user_id,
    marketId: row.currency_match_id,
    currencyId: row.currency_id,
    side: row.type as MicroSide,
    stake,
    fee: dec(row.fee),
    profitRatio,
    openPrice: dec(row.open_price),
    openTime: Number(row.open_time),
    openEntryTime: Number(row.open_entry_time),
    endsAt: Number(row.ends_at),
    createdAt: Number(row.created_at),
    seconds: row.seconds,
    worstCase: stake.add(stake.mul(profitRatio, decimals, 'down')),
    settled:
      row.status === MICRO_CLOSED && row.end_price !== null
        ? {
            outcome: row.outcome as MicroOutcome,
            payout: dec(row.payout ?? '0'),
            factProfits: dec(row.fact_profits ?? '0'),
            endPrice: dec(row.end_price),
            endEntryTime: Number(row.end_entry_time),
            settledAt: Number(row.settled_at),
          }
        : null,
  };
}

export function orderView(
  record: OrderRecord,
  names: { symbol: string; currency: string },
  now: number,
): MicroOrderView {
  const settled = record.settled;
  return {
    id: record.id,
    currency_match_id: record.marketId,
    symbol_name: names.symbol,
    type: record.side,
    status: settled ? MICRO_CLOSED : MICRO_OPEN,
    seconds: record.seconds,
    number: record.stake.toString(),
    currency_id: record.currencyId,
    currency_name: names.currency,
    fee: record.fee.toString(),
    profit_ratio: record.profitRatio.toString(),
    open_price: record.openPrice.toString(),
    end_price: settled ? settled.endPrice.toString() : null,
    created_at: record.createdAt,
    open_time: record.openTime,
    ends_at: record.endsAt,
    settled_at: settled ? settled.settledAt : null,
    outcome: settled ? settled.outcome : null,
    payout: settled ? settled.payout.toString() : null,
    fact_profits: settled ? settled.factProfits.toString() : null,
    remain_milli_seconds: settled ? 0 : remainingMs(record.endsAt, now),
  };
}
