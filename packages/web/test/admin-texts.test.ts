import { LANGS } from '@oex/protocol';
import { describe, expect, it } from 'vitest';
import type { AreaTexts } from '../src/pages/admin/i18n.js';

/** Every area's texts of the operator console, as the console loads them (one file per area). */
const AREAS = import.meta.glob<{ texts: AreaTexts }>('../src/pages/admin/*/texts.ts', { eager: true });

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('operator console texts', () => {
  it('finds the areas', () => {
    expect(Object.keys(AREAS)).toContain('../src/pages/admin/shell/texts.ts');
  });

  for (const [file, { texts }] of Object.entries(AREAS)) {
    const area = file.split('/').at(-2)!;
    describe(area, () => {
      const keys = Object.keys(texts.en).sort();

      it('has every text in all seven languages, none empty, with the same placeholders', () => {
        for (const lang of LANGS) {
          expect(Object.keys(texts[lang]).sort(), `${area}/${lang}`).toEqual(keys);
          for (const key of keys) {
            const text = texts[lang][key]!;
            expect(text.trim(), `${area}/${lang}/${key}`).not.toBe('');
            expect(placeholders(text), `${area}/${lang}/${key}`).toEqual(placeholders(texts.en[key]!));
          }
        }
      });

      it('is translated, not copied from English', () => {
        for (const lang of LANGS.filter((code) => code !== 'en')) {
          // Short words (names, "Status", "Support") may read the same; most of the texts may not.
          const same = keys.filter((key) => texts[lang][key] === texts.en[key]).length;
          expect(same / keys.length, `${area}/${lang}: ${same} of ${keys.length} as in English`).toBeLessThan(
            0.25,
          );
        }
      });
    });
  }
});
