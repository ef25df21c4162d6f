import { readFileSync } from 'node:fs';
import { LANGS, type Lang } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import du from '../src/i18n/locales/du/app.json';
import en from '../src/i18n/locales/en/app.json';
import fr from '../src/i18n/locales/fr/app.json';
import gm from '../src/i18n/locales/gm/app.json';
import hk from '../src/i18n/locales/hk/app.json';
import jp from '../src/i18n/locales/jp/app.json';
import zh from '../src/i18n/locales/zh/app.json';

/**
 * The mark price rule is stated one way in every language: contracts open, settle and are
 * liquidated on the public mark price, the five-second average of the per-second median of the
 * impact bid, the impact ask and the trade price over the market's impact notional (25,000 USDT on
 * the demo markets). These are the words each language states it with (the verify view's own
 * terms), and the words of the old last-trade rule that must be gone.
 */
const RULE: Record<Lang, { mark: string; terms: string[]; old: string[] }> = {
  en: {
    mark: 'mark price',
    terms: ['impact bid', 'impact ask', 'trade price', '25,000 USDT', 'five'],
    old: ['last trade', 'last price', 'best bid'],
  },
  zh: {
    mark: '标记价格',
    terms: ['冲击买价', '冲击卖价', '成交价', '25,000 USDT', '五秒'],
    old: ['最新成交价', '最优买价'],
  },
  hk: {
    mark: '標記價格',
    terms: ['衝擊買價', '衝擊賣價', '成交價', '25,000 USDT', '五秒'],
    old: ['最新成交價', '最佳買價'],
  },
  jp: {
    mark: 'マーク価格',
    terms: ['インパクト買値', 'インパクト売値', '約定価格', '25,000 USDT', '5秒'],
    old: ['最終取引価格', '直近の約定価格'],
  },
  gm: {
    mark: 'Markpreis',
    terms: ['Impact-Gebot', 'Impact-Angebot', 'Tradepreis', '25.000 USDT', 'fünf'],
    old: ['letzten Handelspreis', 'letzter Handel', 'letzten Preis', 'Mark-Preis'],
  },
  du: {
    mark: 'markprijs',
    terms: ['impactbod', 'impactlaat', 'transactieprijs', '25.000 USDT', 'vijf'],
    old: ['laatste handelsprijs', 'laatste transactie', 'laatste prijs'],
  },
  fr: {
    mark: 'prix de référence',
    terms: [
      "prix d'impact à l'achat",
      "prix d'impact à la vente",
      'prix des échanges',
      '25 000 USDT',
      'cinq',
    ],
    old: ['dernier prix', 'dernière transaction', 'prix de marque'],
  },
};

const LOCALES = { en, zh, hk, jp, gm, du, fr };

/** The white paper's mark-price section: the second `## ` section, up to the next heading. */
function whiteMarkSection(lang: Lang): string {
  const source = readFileSync(new URL(`../src/pages/white/texts/${lang}.md`, import.meta.url), 'utf8');
  const sections = source.split(/^## /m);
  return sections[2]!;
}

const normal = (text: string) => text.toLowerCase().replace(/[’‘]/g, "'");

function expectRule(text: string, lang: Lang, where: string, full: boolean) {
  const rule = RULE[lang];
  const body = normal(text);
  for (const term of full ? [rule.mark, ...rule.terms] : [rule.mark])
    expect(body, `${where}/${lang}: "${term}"`).toContain(normal(term));
  for (const term of rule.old) expect(body, `${where}/${lang}: old "${term}"`).not.toContain(normal(term));
}

describe('the mark price rule, stated the same way in every language', () => {
  it('covers the seven languages', () => {
    expect(Object.keys(RULE).sort()).toEqual([...LANGS].sort());
  });

  for (const lang of LANGS) {
    it(`${lang}: the home hero names the public mark price, the settlement card states the whole rule`, () => {
      const home = LOCALES[lang].home;
      expectRule(home.heroBody, lang, 'home.heroBody', false);
      expectRule(home.features.openSettlement.body, lang, 'home.features.openSettlement', true);
    });

    it(`${lang}: the white paper's mark-price section states the whole rule`, () => {
      const section = whiteMarkSection(lang);
      expect(section.split('\n')[0]!.toLowerCase(), lang).toContain(normal(RULE[lang].mark));
      expectRule(section, lang, 'white', true);
    });
  }
});
