import { CHANGE_KINDS, type ChangeSet } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import { changeNotice, valueText } from './notice.js';
import {
  effectiveAt,
  FIELDS,
  fieldsProblem,
  isClosing,
  isForbiddenField,
  MAX_AHEAD_MS,
  mergedProblem,
  normalized,
} from './rules.js';

const NOW = 1_800_000_000_000;

const market: ChangeSet = {
  open_change: 1,
  open_lever: 1,
  open_microtrade: 1,
  sell_disabled: 0,
  change_fee_rate: '0.001',
  price_decimals: 2,
  number_decimals: 6,
  min_number: '0.00001',
  lever_point_rate: '0.05',
  lever_share_num: '0.01',
  lever_fee_rate: '0.0005',
  lever_multiples: [5, 10, 20],
  lever_min_share: 1,
  lever_max_share: 100,
  lever_overnight_rate: '0.0005',
};

describe('fields a change may name', () => {
  it('refuses every price, mark, last price and outcome by name, in every kind', () => {
    const names = [
      'price',
      'last_price',
      'mark_price',
      'mark',
      'open_price',
      'close_price',
      'end_price',
      'outcome',
      'result',
      'winner',
      'payout',
      'fact_profits',
      'liquidation_price',
      'stop_loss_price',
      'balance',
      'journal_id',
      'kline_close',
      'PRICE',
    ];
    for (const kind of CHANGE_KINDS) {
      for (const name of names) {
        expect(isForbiddenField(name), name).toBe(true);
        expect(fieldsProblem(kind, { [name]: '1' })?.key, `${kind}.${name}`).toBe(
          'error.admin_change_forbidden',
        );
      }
    }
  });

  it('names a forbidden field first, even beside allowed ones', () => {
    const found = fieldsProblem('market', { change_fee_rate: '0.002', last_price: '65000' });
    expect(found).toEqual({ key: 'error.admin_change_forbidden', params: { field: 'last_price' } });
  });

  it('no whitelisted field looks like a price or an outcome', () => {
    for (const kind of CHANGE_KINDS) {
      for (const name of Object.keys(FIELDS[kind])) expect(isForbiddenField(name), name).toBe(false);
    }
  });

  it('refuses a field of another kind and an unknown field', () => {
    expect(fieldsProblem('currency', { change_fee_rate: '0.001' })?.key).toBe('error.admin_change_unknown');
    expect(fieldsProblem('market', { colour: 'red' })?.key).toBe('error.admin_change_unknown');
    expect(fieldsProblem('market', { constructor: 1 })?.key).toBe('error.admin_change_unknown');
    expect(fieldsProblem('market', {})?.key).toBe('error.admin_change_empty');
  });

  it('keeps fees between 0 and 10 % with at most 6 decimals, as decimal strings', () => {
    expect(fieldsProblem('market', { change_fee_rate: '0' })).toBeNull();
    expect(fieldsProblem('market', { change_fee_rate: '0.1' })).toBeNull();
    expect(fieldsProblem('market', { change_fee_rate: '0.100001' })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('market', { change_fee_rate: '-0.001' })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('market', { change_fee_rate: '0.0000001' })?.key).toBe(
      'error.admin_change_decimals',
    );
    expect(fieldsProblem('market', { change_fee_rate: 0.001 })?.key).toBe('error.admin_change_type');
    expect(fieldsProblem('currency', { draw_rate: '0.2' })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('market', { lever_fee_rate: 'abc' })?.key).toBe('error.admin_change_type');
  });

  it('takes switches as 0 or 1 only', () => {
    expect(fieldsProblem('market', { open_change: 0 })).toBeNull();
    expect(fieldsProblem('market', { open_change: 2 })?.key).toBe('error.admin_change_flag');
    expect(fieldsProblem('market', { open_change: '1' })?.key).toBe('error.admin_change_flag');
    expect(fieldsProblem('currency_network', { open_withdraw: 1 })).toBeNull();
    expect(fieldsProblem('earn_product', { is_open: -1 })?.key).toBe('error.admin_change_flag');
  });

  it('bounds decimals, minimum orders, multiples, shares, ratios and rates', () => {
    expect(fieldsProblem('market', { price_decimals: 13 })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('market', { price_decimals: 1.5 })?.key).toBe('error.admin_change_type');
    expect(fieldsProblem('market', { min_number: '0' })?.key).toBe('error.admin_change_range_above');
    expect(fieldsProblem('market', { min_number: '0.001' })).toBeNull();
    expect(fieldsProblem('market', { lever_multiples: [5, 10, 20] })).toBeNull();
    expect(fieldsProblem('market', { lever_multiples: [] })?.key).toBe('error.admin_change_list');
    expect(fieldsProblem('market', { lever_multiples: [10, 5] })?.key).toBe('error.admin_change_list_range');
    expect(fieldsProblem('market', { lever_multiples: [5, 5] })?.key).toBe('error.admin_change_list_range');
    expect(fieldsProblem('market', { lever_multiples: [0, 5] })?.key).toBe('error.admin_change_list_range');
    expect(fieldsProblem('market', { lever_multiples: [5, 1000] })?.key).toBe(
      'error.admin_change_list_range',
    );
    expect(fieldsProblem('market', { lever_min_share: 0 })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('market', { lever_point_rate: '5.0001' })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('market', { lever_overnight_rate: '0.02' })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('micro_seconds', { profit_ratio: '0.85' })).toBeNull();
    expect(fieldsProblem('micro_seconds', { profit_ratio: '1.5' })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('micro_seconds', { profit_ratio: '0' })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('earn_product', { rate: '0' })?.key).toBe('error.admin_change_range_above');
    expect(fieldsProblem('earn_product', { rate: '2' })?.key).toBe('error.admin_change_range_above');
    expect(fieldsProblem('earn_product', { days: 0 })?.key).toBe('error.admin_change_range');
    expect(fieldsProblem('earn_product', { total_quota: '500000' })).toBeNull();
  });

  it('stores decimals in their shortest form', () => {
    expect(normalized('market', { change_fee_rate: '0.0010', open_change: 1 })).toEqual({
      change_fee_rate: '0.001',
      open_change: 1,
    });
  });
});

describe('the effective time', () => {
  it('is never in the past nor more than a year ahead', () => {
    expect(effectiveAt('market', { change_fee_rate: '0.002' }, NOW + 3_600_000, NOW)).toEqual({
      at: NOW + 3_600_000,
    });
    expect(effectiveAt('market', { change_fee_rate: '0.002' }, NOW, NOW)).toEqual({ at: NOW });
    expect(effectiveAt('market', { change_fee_rate: '0.002' }, NOW - 1, NOW)).toMatchObject({
      key: 'error.admin_effective_past',
    });
    expect(effectiveAt('market', { open_change: 0 }, NOW + MAX_AHEAD_MS + 1, NOW)).toMatchObject({
      key: 'error.admin_effective_far',
    });
  });

  it('may be `now` only for closing a market', () => {
    expect(isClosing('market', { open_change: 0 })).toBe(true);
    expect(isClosing('market', { open_change: 0, open_lever: 0, open_microtrade: 0 })).toBe(true);
    expect(effectiveAt('market', { open_change: 0 }, 'now', NOW)).toEqual({ at: NOW });
    for (const [kind, changes] of [
      ['market', { open_change: 1 }],
      ['market', { open_change: 0, change_fee_rate: '0.002' }],
      ['market', { sell_disabled: 1 }],
      ['currency', { open_draw: 0 }],
      ['currency_network', { open_withdraw: 0 }],
      ['earn_product', { is_open: 0 }],
      ['micro_seconds', { is_open: 0 }],
    ] as const) {
      expect(effectiveAt(kind, changes, 'now', NOW), `${kind} ${JSON.stringify(changes)}`).toMatchObject({
        key: 'error.admin_effective_now',
      });
    }
  });
});

describe('a change against what is', () => {
  it('refuses a change that changes nothing', () => {
    expect(mergedProblem('market', 1, market, { change_fee_rate: '0.0010' })?.key).toBe(
      'error.admin_change_nothing',
    );
    expect(mergedProblem('market', 1, market, { change_fee_rate: '0.002' })).toBeNull();
  });

  it('keeps minimums at or below maximums once merged', () => {
    expect(mergedProblem('market', 1, market, { lever_min_share: 101 })?.key).toBe(
      'error.admin_change_order',
    );
    expect(mergedProblem('market', 1, market, { lever_min_share: 100 })).toBeNull();
    const currency = { draw_min: '10', draw_max: '1000' };
    expect(mergedProblem('currency', 1, currency, { draw_min: '1000.5' })?.key).toBe(
      'error.admin_change_order',
    );
    expect(mergedProblem('currency', 1, currency, { draw_min: '20', draw_max: '15' })?.key).toBe(
      'error.admin_change_order',
    );
    const product = { min_number: '50', max_number: '20000' };
    expect(mergedProblem('earn_product', 1, product, { max_number: '49' })?.key).toBe(
      'error.admin_change_order',
    );
  });

  it("keeps a currency's preset stakes within its bounds, ascending, above zero and no finer than it", () => {
    const stakes: ChangeSet = { numbers: ['10', '50', '100'], min_number: '10', max_number: '1000' };
    const facts = { currencyDecimals: 2 };
    const problemOf = (changes: ChangeSet) =>
      fieldsProblem('micro_currency', changes)?.key ??
      mergedProblem('micro_currency', 1, stakes, changes, facts)?.key ??
      null;
    expect(problemOf({ numbers: ['20', '50.5', '1000'] })).toBeNull();
    expect(problemOf({ numbers: ['5', '50'] })).toBe('error.admin_change_presets_range');
    expect(problemOf({ max_number: '60' })).toBe('error.admin_change_presets_range');
    expect(problemOf({ numbers: ['20', '20'] })).toBe('error.admin_change_list_amounts');
    expect(problemOf({ numbers: ['0', '20'] })).toBe('error.admin_change_list_amounts');
    expect(problemOf({ numbers: [] })).toBe('error.admin_change_amounts');
    expect(problemOf({ numbers: [10, 20] })).toBe('error.admin_change_amounts');
    expect(problemOf({ numbers: ['20.001'] })).toBe('error.admin_change_decimals');
    expect(problemOf({ max_number: '1000.001' })).toBe('error.admin_change_decimals');
    expect(normalized('micro_currency', { numbers: ['10.50', '020'] })).toEqual({ numbers: ['10.5', '20'] });
  });

  it('keeps price and quantity decimals within 12 together, so fees stay exact', () => {
    expect(mergedProblem('market', 1, market, { price_decimals: 7 })?.key).toBe(
      'error.admin_change_decimals_sum',
    );
    expect(mergedProblem('market', 1, market, { price_decimals: 6, number_decimals: 6 })).toBeNull();
  });

  it('opens leverage only with its terms', () => {
    const noLever: ChangeSet = { ...market, open_lever: 0 };
    for (const name of ['lever_multiples', 'lever_min_share', 'lever_max_share', 'lever_overnight_rate']) {
      delete noLever[name];
    }
    expect(mergedProblem('market', 1, noLever, { open_lever: 1 })?.key).toBe(
      'error.admin_change_lever_terms',
    );
    expect(
      mergedProblem('market', 1, noLever, {
        open_lever: 1,
        lever_multiples: [2, 5],
        lever_min_share: 1,
        lever_max_share: 50,
        lever_overnight_rate: '0.0003',
      }),
    ).toBeNull();
  });

  it('keeps a minimum deposit within the chain’s decimals', () => {
    const network = { open_deposit: 1, open_withdraw: 1, min_deposit: '1' };
    expect(
      mergedProblem('currency_network', 3, network, { min_deposit: '0.0000001' }, { chainDecimals: 6 })?.key,
    ).toBe('error.admin_change_decimals');
    expect(
      mergedProblem('currency_network', 3, network, { min_deposit: '0.5' }, { chainDecimals: 6 }),
    ).toBeNull();
  });

  it('creates a seconds option only with its ratio and a sane duration', () => {
    expect(mergedProblem('micro_seconds', 180, {}, { is_open: 1 }, { isNew: true })?.key).toBe(
      'error.admin_change_new_option',
    );
    expect(mergedProblem('micro_seconds', 5, {}, { profit_ratio: '0.9' }, { isNew: true })?.key).toBe(
      'error.admin_change_range',
    );
    expect(mergedProblem('micro_seconds', 180, {}, { profit_ratio: '0.9' }, { isNew: true })).toBeNull();
  });
});

describe('the notice of a change', () => {
  it('states each value old → new and the time, in each language written, with the operator’s text escaped', () => {
    const texts = changeNotice(
      {
        en: { title: 'BTC/USDT fee', content: 'The fee goes up.\n\n<script>alert(1)</script>' },
        fr: { title: 'Frais BTC/USDT', content: 'Les frais augmentent.' },
      },
      {
        kind: 'market',
        targetName: () => 'BTC/USDT',
        current: market,
        changes: { change_fee_rate: '0.002', open_lever: 0 },
        effectiveAt: Date.UTC(2026, 10, 23, 10, 0, 0),
        timeZone: 'Asia/Shanghai',
      },
    );
    expect(Object.keys(texts)).toEqual(['en', 'fr']);
    expect(texts.en.content).toContain('2026-11-23 18:00:00');
    expect(texts.en.content).toContain('BTC/USDT · Trading fee: 0.1 % → 0.2 %');
    expect(texts.en.content).toContain('Leveraged trading: on → off');
    expect(texts.en.content).not.toContain('<script>');
    expect(texts.en.content).toContain('&lt;script&gt;');
    expect(texts.fr!.content).toContain('Frais de négociation : 0.1 % → 0.2 %'.replace(' :', ':'));
  });

  it('shows values as people read them', () => {
    expect(valueText('micro_seconds', 'profit_ratio', '0.85', 'en')).toBe('85 %');
    expect(valueText('earn_product', 'rate', '0.03', 'en')).toBe('0.03 %');
    expect(valueText('market', 'lever_multiples', [5, 10], 'en')).toBe('5, 10');
    expect(valueText('market', 'open_change', 0, 'zh')).toBe('关闭');
  });
});
