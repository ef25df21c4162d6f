import { Decimal } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import {
  adProblem,
  completionRate,
  escrowOutcome,
  fiatAmountOf,
  isOpenOrder,
  merchantLevel,
  numberFromFiat,
  P2P_ACTIONS,
  partiesOf,
  placeProblem,
  transition,
  type P2pAction,
  type P2pActor,
} from './rules.js';

const d = Decimal.parse;
const STATUSES = [1, 2, 3, 4, 5, 6, 7] as const;
const ACTORS: P2pActor[] = ['buyer', 'seller', 'system', 'admin'];

/** Every allowed transition: [from, action, actor, to]; everything else must be refused. */
const ALLOWED: [number, P2pAction, P2pActor, number][] = [
  [1, 'paid', 'buyer', 2],
  [1, 'cancel', 'buyer', 4],
  [1, 'timeout_cancel', 'system', 4],
  [2, 'postpone', 'system', 7],
  [2, 'confirm', 'seller', 3],
  [7, 'confirm', 'seller', 3],
  [7, 'auto_confirm', 'system', 3],
  [2, 'appeal', 'buyer', 6],
  [2, 'appeal', 'seller', 6],
  [7, 'appeal', 'buyer', 6],
  [7, 'appeal', 'seller', 6],
  [6, 'release_to_buyer', 'admin', 3],
  [6, 'return_to_seller', 'admin', 5],
];

describe('the order state machine', () => {
  it('allows exactly the designed transitions', () => {
    for (const [from, action, actor, to] of ALLOWED) {
      expect(transition(from as 1, action, actor), `${from} ${action} ${actor}`).toEqual({ to });
    }
  });

  it('refuses every other (state, action, actor), naming the party or the state', () => {
    let refused = 0;
    for (const status of STATUSES) {
      for (const action of P2P_ACTIONS) {
        for (const actor of ACTORS) {
          if (ALLOWED.some(([f, a, who]) => f === status && a === action && who === actor)) continue;
          const result = transition(status, action, actor);
          expect('refused' in result, `${status} ${action} ${actor}`).toBe(true);
          const allowedActors = ALLOWED.filter(([, a]) => a === action).map(([, , who]) => who);
          expect((result as { refused: string }).refused).toBe(
            allowedActors.includes(actor) ? 'error.p2p_state' : 'error.p2p_not_party',
          );
          refused += 1;
        }
      }
    }
    expect(refused).toBe(STATUSES.length * P2P_ACTIONS.length * ACTORS.length - ALLOWED.length);
  });

  it('never leaves a final state, and an appeal is not possible before payment', () => {
    for (const final of [3, 4, 5]) {
      for (const action of P2P_ACTIONS)
        for (const actor of ACTORS) {
          expect('refused' in transition(final as 3, action, actor)).toBe(true);
        }
      expect(isOpenOrder(final)).toBe(false);
    }
    expect(transition(1, 'appeal', 'buyer')).toEqual({ refused: 'error.p2p_state' });
    expect(transition(6, 'confirm', 'seller')).toEqual({ refused: 'error.p2p_state' });
    for (const open of [1, 2, 6, 7]) expect(isOpenOrder(open)).toBe(true);
  });

  it('moves the escrow back to the seller on cancel and abnormal, to the buyer on completion', () => {
    expect(escrowOutcome(4)).toBe('seller');
    expect(escrowOutcome(5)).toBe('seller');
    expect(escrowOutcome(3)).toBe('buyer');
    for (const held of [1, 2, 6, 7] as const) expect(escrowOutcome(held)).toBeNull();
  });
});

describe('amounts', () => {
  it('rounds the fiat amount half-up to cents from the exact product', () => {
    expect(fiatAmountOf(d('1.5'), d('7.23')).toString()).toBe('10.85'); // 10.845
    expect(fiatAmountOf(d('1'), d('7.234')).toString()).toBe('7.23');
    expect(fiatAmountOf(d('0.333333'), d('3')).toString()).toBe('1');
    expect(fiatAmountOf(d('0.00000001'), d('500000.01')).toString()).toBe('0.01'); // 0.0050000001
    expect(fiatAmountOf(d('0.0000000099'), d('500000')).toString()).toBe('0'); // 0.00495
  });

  it('cuts the coin amount of a fiat amount down to the coin’s decimals', () => {
    expect(numberFromFiat(d('100'), d('7.2'), 6).toString()).toBe('13.888888');
    expect(numberFromFiat(d('100'), d('7.2'), 2).toString()).toBe('13.88');
    expect(numberFromFiat(d('0.01'), d('500000'), 8).toString()).toBe('0.00000002');
    expect(numberFromFiat(d('0.001'), d('500000'), 8).toString()).toBe('0');
  });

  it('tells who buys and who sells', () => {
    expect(partiesOf('sell', 10, 20)).toEqual({ buyerId: 20, sellerId: 10 });
    expect(partiesOf('buy', 10, 20)).toEqual({ buyerId: 10, sellerId: 20 });
  });

  it('computes the completion rate and the merchant level', () => {
    expect(completionRate(0, 0)).toBe('0');
    expect(completionRate(2, 1)).toBe('0.6666');
    expect(completionRate(5, 0)).toBe('1');
    expect(merchantLevel({ is_seller: 1, review_status: 0, mobile: null })).toBe(3);
    expect(merchantLevel({ is_seller: 0, review_status: 2, mobile: null })).toBe(2);
    expect(merchantLevel({ is_seller: 0, review_status: 1, mobile: '138' })).toBe(1);
    expect(merchantLevel({ is_seller: 0, review_status: 0, mobile: null })).toBe(0);
  });
});

describe('placing and ad checks', () => {
  const ad = { userId: 1, status: 1, minNumber: d('10'), maxNumber: d('100'), remaining: d('50') };
  const place = (over: Partial<typeof ad>, number: string, taker = 2, cancels = 0, isBuyer = true) =>
    placeProblem({ ...ad, ...over }, taker, d(number), 6, cancels, isBuyer)?.key ?? null;

  it('accepts an amount within the limits and the remaining', () => {
    expect(place({}, '10')).toBeNull();
    expect(place({}, '50')).toBeNull();
  });

  it('refuses each broken rule with its own message', () => {
    expect(place({ status: 2 }, '20')).toBe('error.p2p_ad_closed');
    expect(place({ status: 3 }, '20')).toBe('error.p2p_ad_closed');
    expect(place({}, '20', 1)).toBe('error.p2p_own_ad');
    expect(place({}, '20', 2, 3)).toBe('error.p2p_cancel_limit');
    expect(place({}, '20', 2, 3, false)).toBeNull(); // the limit is on buying only
    expect(place({}, '0')).toBe('error.p2p_amount_positive');
    expect(place({}, '10.0000001')).toBe('error.p2p_decimals');
    expect(place({}, '9.99')).toBe('error.p2p_under_min');
    expect(place({ remaining: d('500') }, '100.5')).toBe('error.p2p_over_max');
    expect(place({}, '50.5')).toBe('error.p2p_over_remaining');
  });

  it('checks an ad’s numbers', () => {
    const ok = { price: d('7.2'), minNumber: d('10'), maxNumber: d('100'), total: d('1000') };
    expect(adProblem(ok, 6)).toBeNull();
    expect(adProblem({ ...ok, price: d('0') }, 6)?.key).toBe('error.p2p_price_positive');
    expect(adProblem({ ...ok, price: d('7.123') }, 6)?.key).toBe('error.p2p_price_decimals');
    expect(adProblem({ ...ok, minNumber: d('0') }, 6)?.key).toBe('error.p2p_amount_positive');
    expect(adProblem({ ...ok, total: d('1.0000001') }, 6)?.key).toBe('error.p2p_decimals');
    expect(adProblem({ ...ok, maxNumber: d('5') }, 6)?.key).toBe('error.p2p_max_below_min');
    expect(adProblem({ ...ok, total: d('5'), maxNumber: d('10') }, 6)?.key).toBe('error.p2p_total_below_min');
    expect(adProblem(ok, 6, d('1000'))).toBeNull();
    expect(adProblem(ok, 6, d('1000.5'))?.key).toBe('error.p2p_total_below_used');
  });
});
