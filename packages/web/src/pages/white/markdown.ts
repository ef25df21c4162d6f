/**
 * The small Markdown the white paper's texts are written in, parsed to data (never to HTML): `#`
 * and `##` headings, paragraphs, `-` lists, and inline `**bold**`, `` `code` `` and `[text](url)`.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

export type Block =
  | { kind: 'h1'; text: string }
  | { kind: 'h2'; text: string; id: string }
  | { kind: 'p'; inlines: Inline[] }
  | { kind: 'ul'; items: Inline[][] };

const INLINE = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Only the site's own paths and https addresses become links; anything else stays text. */
function safeHref(href: string): string | null {
  return /^\/(?!\/)/.test(href) || /^https:\/\//.test(href) ? href : null;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    if (match[1] !== undefined) out.push({ kind: 'strong', text: match[1] });
    else if (match[2] !== undefined) out.push({ kind: 'code', text: match[2] });
    else {
      const href = safeHref(match[4]!);
      out.push(href ? { kind: 'link', text: match[3]!, href } : { kind: 'text', text: match[0] });
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The anchor of a section: its position, so every language links the same way (#s1, #s2, ...). */
const anchor = (index: number) => `s${index}`;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  let sections = 0;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'p', inlines: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  const endList = () => {
    if (list.length > 0) blocks.push({ kind: 'ul', items: list.map(parseInline) });
    list = [];
  };
  for (const raw of source.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      endParagraph();
      endList();
    } else if (line.startsWith('## ')) {
      endParagraph();
      endList();
      sections += 1;
      blocks.push({ kind: 'h2', text: line.slice(3).trim(), id: anchor(sections) });
    } else if (line.startsWith('# ')) {
      endParagraph();
      endList();
      blocks.push({ kind: 'h1', text: line.slice(2).trim() });
    } else if (line.startsWith('- ')) {
      endParagraph();
      list.push(line.slice(2).trim());
    } else if (list.length > 0 && raw.startsWith('  ')) {
      // A list item's continuation line.
      list[list.length - 1] += ` ${line}`;
    } else {
      endList();
      paragraph.push(line);
    }
  }
  endParagraph();
  endList();
  return blocks;
}
