import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDemoNews, parseArticle } from './news.js';

describe('demo news files', () => {
  it('reads plain, single-quoted and double-quoted titles as YAML does, and the body as written', () => {
    expect(parseArticle('a.md', '---\ntitle: Fees and limits\n---\n\n<p>x</p>\n')).toEqual({
      title: 'Fees and limits',
      content: '<p>x</p>',
    });
    expect(parseArticle('a.md', "---\ntitle: 'New markets: BTC'' ETH'\n---\n<p>x</p>").title).toBe(
      "New markets: BTC' ETH",
    );
    expect(
      parseArticle(
        'a.md',
        '---\r\ntitle: "Soldes : l\'argent \\"fictif\\""\r\n---\r\n<p>a</p>\r\n<p>b</p>\r\n',
      ),
    ).toEqual({
      title: 'Soldes : l\'argent "fictif"',
      content: '<p>a</p>\n<p>b</p>',
    });
  });

  it('refuses a file it would read differently from YAML, or without a title or body', () => {
    expect(() => parseArticle('a.md', '---\ntitle: New markets: BTC\n---\n<p>x</p>')).toThrow(/quotes/);
    expect(() => parseArticle('a.md', '---\ntitel: Fees\n---\n<p>x</p>')).toThrow(
      /unknown front matter field/,
    );
    expect(() => parseArticle('a.md', '<p>x</p>')).toThrow(/front matter/);
    expect(() => parseArticle('a.md', '---\ntitle: Fees\n---\n\n')).toThrow(/no body/);
  });

  describe('a folder of articles', () => {
    let folder = '';
    afterEach(() => rmSync(folder, { recursive: true, force: true }));
    const article = (slug: string, files: Record<string, string>) => {
      mkdirSync(join(folder, slug));
      for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, slug, name), text);
    };
    const entry = { slug: 'fees', id: 10, category_id: 5, banner: null, sort: 3, days_ago: 30 };
    const setUp = (index: unknown[]) => {
      folder = mkdtempSync(join(tmpdir(), 'oex-news-'));
      writeFileSync(join(folder, 'index.json'), JSON.stringify(index));
    };

    it('gives each listed article its index fields and its texts in the order of the languages', () => {
      setUp([entry]);
      article('fees', {
        'fr.md': '---\ntitle: Frais\n---\n<p>fr</p>',
        'en.md': '---\ntitle: Fees\n---\n<p>en</p>',
        'zh.md': '---\ntitle: 费用\n---\n<p>zh</p>',
      });
      const [fees] = loadDemoNews(folder);
      expect(fees).toEqual({ ...entry, texts: expect.any(Object) });
      expect(Object.keys(fees!.texts)).toEqual(['en', 'zh', 'fr']);
      expect(fees!.texts.fr).toEqual({ title: 'Frais', content: '<p>fr</p>' });
    });

    it('refuses an article without English, a file of no known language, and a folder not in the index', () => {
      setUp([entry]);
      article('fees', { 'zh.md': '---\ntitle: 费用\n---\n<p>zh</p>' });
      expect(() => loadDemoNews(folder)).toThrow(/en\.md is missing/);
      writeFileSync(join(folder, 'fees', 'en.md'), '---\ntitle: Fees\n---\n<p>en</p>');
      writeFileSync(join(folder, 'fees', 'es.md'), '---\ntitle: Tarifas\n---\n<p>es</p>');
      expect(() => loadDemoNews(folder)).toThrow(/es\.md: files must be named/);
      rmSync(join(folder, 'fees', 'es.md'));
      article('other', { 'en.md': '---\ntitle: Other\n---\n<p>en</p>' });
      expect(() => loadDemoNews(folder)).toThrow(/not listed/);
    });

    it('refuses an index with a wrong field, an unknown one or a repeated id', () => {
      for (const index of [
        [{ ...entry, days_ago: '30' }],
        [{ ...entry, categry_id: 5 }],
        [entry, { ...entry, slug: 'again' }],
      ]) {
        setUp(index);
        article('fees', { 'en.md': '---\ntitle: Fees\n---\n<p>en</p>' });
        if (index.length > 1) article('again', { 'en.md': '---\ntitle: Again\n---\n<p>en</p>' });
        expect(() => loadDemoNews(folder)).toThrow(/index\.json: article \d/);
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});
