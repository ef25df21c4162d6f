import { checkCatalog, LANGS, LOCALE_OF, placeholderNames, type Lang } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import du from './du.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import gm from './gm.json' with { type: 'json' };
import hk from './hk.json' with { type: 'json' };
import jp from './jp.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };

const CATALOGS: Record<Lang, Record<string, string>> = { en, zh, hk, jp, gm, du, fr };

const check = (lang: Lang, catalog: Record<string, string>) =>
  checkCatalog(en, catalog, {
    pluralCategories: new Intl.PluralRules(LOCALE_OF[lang]).resolvedOptions().pluralCategories,
    placeholders: 'i18next',
  });

describe('server message catalogues', () => {
  it.each(LANGS.filter((lang) => lang !== 'en'))(
    '%s has every English key, no other, and the same {{placeholders}}',
    (lang) => {
      const { ok, ...report } = check(lang, CATALOGS[lang]);
      expect(report).toEqual({ missing: [], extra: [], placeholders: [], empty: [], notText: [] });
      expect(ok).toBe(true);
    },
  );

  it('has no placeholder left in the old single-brace syntax, in any language', () => {
    const single = LANGS.flatMap((lang) =>
      Object.entries(CATALOGS[lang])
        .filter(([, text]) => placeholderNames(text, 'braces').length > 0)
        .map(([key]) => `${lang} ${key}`),
    );
    expect(single).toEqual([]);
  });

  it('would see a translation that drops a placeholder or adds a key', () => {
    const broken = { ...fr, 'rule.too_big': 'trop grand', 'rule.unknown': 'x' };
    const report = check('fr', broken);
    expect(report.placeholders.map((difference) => difference.key)).toEqual(['rule.too_big']);
    expect(report.extra).toEqual(['rule.unknown']);
  });
});
