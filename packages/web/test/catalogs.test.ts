import { checkCatalog, LANGS, LOCALE_OF, type Catalog, type Lang } from '@oex/protocol';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * Every message catalogue of the web (`src/i18n/locales/<lang>/<name>.json`: the app's `app` and
 * each console area's `console-<area>`) against its English one: the same keys, the same
 * placeholders, and each plural family in the forms of the language's own plural rules.
 */
const FILES = import.meta.glob<Catalog>('../src/i18n/locales/*/*.json', { eager: true, import: 'default' });

const catalogs = new Map<string, Partial<Record<Lang, Catalog>>>();
for (const [file, catalog] of Object.entries(FILES)) {
  const [lang, name] = file.split('/').slice(-2) as [Lang, string];
  const entry = catalogs.get(name) ?? {};
  entry[lang] = catalog;
  catalogs.set(name, entry);
}

const pluralCategories = (lang: Lang) =>
  new Intl.PluralRules(LOCALE_OF[lang]).resolvedOptions().pluralCategories;

/** Every text of a catalogue under its dotted key. */
function flat(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value, `${prefix}${key}.`),
  );
}

describe('the web message catalogues', () => {
  it('finds the app catalogue and every console area in every language', () => {
    expect([...catalogs.keys()].sort()).toEqual([
      'app.json',
      'console-balances.json',
      'console-content.json',
      'console-dashboard.json',
      'console-log.json',
      'console-markets.json',
      'console-reviews.json',
      'console-shell.json',
      'console-users.json',
    ]);
    for (const [name, languages] of catalogs)
      expect(Object.keys(languages).sort(), name).toEqual([...LANGS].sort());
  });

  for (const [name, languages] of catalogs) {
    describe(name, () => {
      for (const lang of LANGS.filter((code) => code !== 'en')) {
        it(`${lang} has every English key, no other, with the same placeholders`, () => {
          const report = checkCatalog(languages.en!, languages[lang]!, {
            pluralCategories: pluralCategories(lang),
          });
          expect(report, `${lang}/${name}`).toMatchObject({
            missing: [],
            extra: [],
            placeholders: [],
            empty: [],
            notText: [],
          });
          expect(report.ok).toBe(true);
        });
      }

      if (name.startsWith('console-')) {
        // (The app has a text left blank on purpose: the chart legend's unit of minutes.)
        it('English has no blank text', () => {
          for (const [key, text] of flat(languages.en!))
            expect(text.trim(), `en/${name}/${key}`).not.toBe('');
        });

        it('is translated, not copied from English', () => {
          const english = new Map(flat(languages.en!));
          for (const lang of LANGS.filter((code) => code !== 'en')) {
            const texts = flat(languages[lang]!);
            // Short words (names, "Status", "Support") may read the same; most of the texts may not.
            const same = texts.filter(([key, text]) => english.get(key) === text).length;
            expect(
              same / texts.length,
              `${name}/${lang}: ${same} of ${texts.length} as in English`,
            ).toBeLessThan(0.25);
          }
        });
      }
    });
  }

  it('fails on a broken catalogue: a lost key, a stray key, a renamed placeholder, a wrong plural form', () => {
    const english = catalogs.get('console-markets.json')!.en!;
    const japanese = { ...catalogs.get('console-markets.json')!.jp! } as Record<string, string>;
    delete japanese.title;
    japanese.stray = '迷子';
    japanese['dialog.languages'] = 'お知らせの言語：{{languages}}';
    japanese.orderCount_one = '注文 1 件';
    const report = checkCatalog(english, japanese, { pluralCategories: pluralCategories('jp') });
    expect(report.ok).toBe(false);
    expect(report.missing).toEqual(['title']);
    expect(report.extra).toEqual(['orderCount_one', 'stray']);
    expect(report.placeholders).toEqual([
      { key: 'dialog.languages', english: ['langs'], found: ['languages'] },
    ]);

    const app = catalogs.get('app.json')!;
    const french = structuredClone(app.fr!) as { trade: Record<string, unknown> };
    french.trade.buy = '';
    const broken = checkCatalog(app.en!, french as Catalog, { pluralCategories: pluralCategories('fr') });
    expect(broken.empty).toEqual(['trade.buy']);
  });

  it("finds each language's plural forms under its BCP 47 tag, as the app starts i18next", async () => {
    const markets = catalogs.get('console-markets.json')!;
    const count = async (lang: Lang, n: number) => {
      const i18n = i18next.createInstance();
      await i18n.init({
        lng: LOCALE_OF[lang],
        fallbackLng: false,
        resources: { [LOCALE_OF[lang]]: { admin: { markets: markets[lang]! } } },
      });
      // The `admin` namespace is outside the app's typed resources, as in console/i18n.ts.
      const t = i18n.t.bind(i18n) as unknown as (key: string, options: Record<string, unknown>) => string;
      return t('markets.orderCount', { ns: 'admin', count: n });
    };
    expect(await count('en', 1)).toBe('1 order');
    expect(await count('en', 2)).toBe('2 orders');
    expect(await count('jp', 1)).toBe('注文 1 件');
    expect(await count('hk', 1)).toBe('1 筆訂單');
    expect(await count('gm', 1)).toBe('1 Order');
    expect(await count('fr', 1)).toBe('1 ordre');
    expect(await count('fr', 1_000_000)).toBe('1000000 ordres');
  });
});
