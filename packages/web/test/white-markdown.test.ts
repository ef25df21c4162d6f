import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from '../src/pages/white/markdown.js';

describe('the white paper markdown', () => {
  it('reads headings, paragraphs over several lines and lists', () => {
    const blocks = parseMarkdown('# Title\n\n## One\nA first\nline.\n\n- a\n  more\n- b\n\n## Two\nText.');
    expect(blocks).toEqual([
      { kind: 'h1', text: 'Title' },
      { kind: 'h2', text: 'One', id: 's1' },
      { kind: 'p', inlines: [{ kind: 'text', text: 'A first line.' }] },
      { kind: 'ul', items: [[{ kind: 'text', text: 'a more' }], [{ kind: 'text', text: 'b' }]] },
      { kind: 'h2', text: 'Two', id: 's2' },
      { kind: 'p', inlines: [{ kind: 'text', text: 'Text.' }] },
    ]);
  });

  it('reads bold, code and links, and keeps a link to another site or scheme as text', () => {
    expect(
      parseInline('see **this**, `code` and [the tape](/api/market/mark_prices?symbol=BTC/USDT).'),
    ).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'strong', text: 'this' },
      { kind: 'text', text: ', ' },
      { kind: 'code', text: 'code' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'the tape', href: '/api/market/mark_prices?symbol=BTC/USDT' },
      { kind: 'text', text: '.' },
    ]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toEqual({
      kind: 'text',
      text: '[x](javascript:alert(1)',
    });
    expect(parseInline('[x](//evil.example)')).toEqual([{ kind: 'text', text: '[x](//evil.example)' }]);
  });
});
