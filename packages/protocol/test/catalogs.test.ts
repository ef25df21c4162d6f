import { describe, expect, it } from 'vitest';
import { checkCatalog, flattenCatalog, placeholderNames, type Catalog } from '../src/catalogs.js';

const categories = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

const english: Catalog = {
  trade: {
    buy: 'Buy {{base}}',
    sell: 'Sell',
    orders_one: 'one order in {{market}}',
    orders_other: '{{count}} orders in {{market}}',
  },
  'col.id': '#',
};

describe('flattenCatalog', () => {
  it('joins nested keys with dots and keeps flat dotted keys as they are', () => {
    const { texts, notText } = flattenCatalog({ a: { b: 'x', 'c.d': 'y' }, 'e.f': 'z', n: 1 } as never);
    expect([...texts]).toEqual([
      ['a.b', 'x'],
      ['a.c.d', 'y'],
      ['e.f', 'z'],
    ]);
    expect(notText).toEqual(['n']);
  });
});

describe('placeholderNames', () => {
  it("reads i18next's {{name}}, with or without a format, each name once", () => {
    expect(placeholderNames('{{b}} and {{ a }} and {{b}} at {{at, datetime}}')).toEqual(['a', 'at', 'b']);
    expect(placeholderNames('{single} braces are text here')).toEqual([]);
  });

  it("reads the server's {name} when told, leaving {{name}} alone", () => {
    expect(placeholderNames('Balance of {currency} below {amount}', 'braces')).toEqual([
      'amount',
      'currency',
    ]);
    expect(placeholderNames('{{double}} and {single}', 'braces')).toEqual(['single']);
    expect(placeholderNames('<%name%> and <%other%>', /<%(\w+)%>/g)).toEqual(['name', 'other']);
  });
});

describe('checkCatalog', () => {
  it('passes a faithful translation, nested or flat', () => {
    const french: Catalog = {
      'trade.buy': 'Acheter {{base}}',
      trade: {
        sell: 'Vendre',
        orders_one: 'un ordre sur {{market}}',
        orders_many: '{{count}} ordres sur {{market}}',
        orders_other: '{{count}} ordres sur {{market}}',
      },
      col: { id: 'n°' },
    };
    const report = checkCatalog(english, french, { pluralCategories: categories('fr') });
    expect(report).toEqual({ missing: [], extra: [], placeholders: [], empty: [], notText: [], ok: true });
  });

  it('lists missing keys, extra keys and differing placeholders', () => {
    const german: Catalog = {
      trade: {
        buy: 'Kaufen {{basis}}',
        orders_one: 'eine Order in {{market}}',
        orders_other: '{{count}} Orders',
        short: 'Leerverkauf',
      },
      'col.id': '#{{id}}',
    };
    const report = checkCatalog(english, german, { pluralCategories: categories('de') });
    expect(report.ok).toBe(false);
    expect(report.missing).toEqual(['trade.sell']);
    expect(report.extra).toEqual(['trade.short']);
    expect(report.placeholders).toEqual([
      { key: 'col.id', english: [], found: ['id'] },
      { key: 'trade.buy', english: ['base'], found: ['basis'] },
      { key: 'trade.orders_other', english: ['count', 'market'], found: ['count'] },
    ]);
  });

  it('asks a plural family for the forms of the language, not those of English', () => {
    const japanese: Catalog = {
      trade: { buy: '{{base}} を買う', sell: '売る', orders_one: '{{market}} の注文 1 件' },
      'col.id': '番号',
    };
    const report = checkCatalog(english, japanese, { pluralCategories: categories('ja') });
    expect(report.missing).toEqual(['trade.orders_other']);
    expect(report.extra).toEqual(['trade.orders_one']);

    const french: Catalog = {
      trade: {
        buy: 'Acheter {{base}}',
        sell: 'Vendre',
        orders_one: 'un ordre {{market}}',
        orders_other: '{{count}} ordres {{market}}',
      },
      'col.id': 'n°',
    };
    expect(checkCatalog(english, french, { pluralCategories: categories('fr') }).missing).toEqual([
      'trade.orders_many',
    ]);
  });

  it('lets a form other than `other` leave out the count, but no other placeholder', () => {
    const dutch: Catalog = {
      trade: {
        buy: 'Koop {{base}}',
        sell: 'Verkoop',
        orders_one: 'één order in {{market}}',
        orders_other: '{{count}} orders in {{market}}',
      },
      'col.id': '#',
    };
    expect(checkCatalog(english, dutch, { pluralCategories: categories('nl') }).ok).toBe(true);
    const lost = { ...dutch, trade: { ...(dutch.trade as Catalog), orders_one: 'één order' } };
    expect(checkCatalog(english, lost, { pluralCategories: categories('nl') }).placeholders).toEqual([
      { key: 'trade.orders_one', english: ['market'], found: [] },
    ]);
  });

  it('keeps `_zero` when English has it (i18next reads it for a count of 0 in any language)', () => {
    const source: Catalog = { items_zero: 'nothing', items_one: 'one item', items_other: '{{count}} items' };
    const chinese: Catalog = { items_other: '{{count}} 项' };
    expect(checkCatalog(source, chinese, { pluralCategories: categories('zh') }).missing).toEqual([
      'items_zero',
    ]);
    expect(
      checkCatalog(source, { ...chinese, items_zero: '无' }, { pluralCategories: categories('zh') }).ok,
    ).toBe(true);
  });

  it('reports blank translations and values that are not texts', () => {
    const broken = {
      trade: { buy: ' ', sell: 3, orders_one: 'x {{market}}', orders_other: '{{count}} {{market}}' },
      'col.id': ['#'],
    };
    const report = checkCatalog(english, broken as never, { pluralCategories: categories('en') });
    expect(report.empty).toEqual(['trade.buy']);
    expect(report.notText).toEqual(['col.id', 'trade.sell']);
    expect(report.missing).toEqual([]);
    expect(report.placeholders).toEqual([{ key: 'trade.buy', english: ['base'], found: [] }]);
  });

  it("checks the server's single-brace placeholders when told", () => {
    const source: Catalog = { 'wallet.low': 'Balance of {currency} is below {amount}' };
    const good: Catalog = { 'wallet.low': '{currency} 余额低于 {amount}' };
    const bad: Catalog = { 'wallet.low': '{currency} 余额低于 {{amount}}' };
    const options = { pluralCategories: categories('zh'), placeholders: 'braces' as const };
    expect(checkCatalog(source, good, options).ok).toBe(true);
    expect(checkCatalog(source, bad, options).placeholders).toEqual([
      { key: 'wallet.low', english: ['amount', 'currency'], found: ['currency'] },
    ]);
    // Read as i18next's syntax, English has no placeholder and the bad text has one.
    expect(checkCatalog(source, bad, { pluralCategories: categories('zh') }).placeholders).toEqual([
      { key: 'wallet.low', english: [], found: ['amount'] },
    ]);
  });
});
