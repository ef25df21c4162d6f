import type { Lang } from '@oex/protocol';
import { Fragment, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { currentLang } from '../../i18n/index.js';
import { parseMarkdown, type Block, type Inline } from './markdown.js';
import { Loading } from '../../components/ui/index.js';

/**
 * The white paper's texts: one Markdown file a language (texts/<lang>.md), data rather than code,
 * each its own chunk, loaded when the page opens in that language.
 */
const TEXTS = import.meta.glob<string>('./texts/*.md', { query: '?raw', import: 'default' });

async function loadText(lang: Lang): Promise<string> {
  const loader = TEXTS[`./texts/${lang}.md`] ?? TEXTS['./texts/en.md']!;
  return loader();
}

function Inlines({ inlines }: { inlines: Inline[] }) {
  return inlines.map((inline, index) => {
    switch (inline.kind) {
      case 'strong':
        return <strong key={index}>{inline.text}</strong>;
      case 'code':
        return (
          <code key={index} className="rounded px-1 text-[0.9em] bg-panel">
            {inline.text}
          </code>
        );
      case 'link': {
        // The site's pages move inside the app; the API's answers open as they are.
        return inline.href.startsWith('/api/') || inline.href.startsWith('https://') ? (
          <a key={index} href={inline.href} className="text-accent underline">
            {inline.text}
          </a>
        ) : (
          <Link key={index} to={inline.href} className="text-accent underline">
            {inline.text}
          </Link>
        );
      }
      default:
        return <Fragment key={index}>{inline.text}</Fragment>;
    }
  });
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'h1':
      return <h1 className="mb-4 text-2xl font-semibold">{block.text}</h1>;
    case 'h2':
      return (
        <h2 id={block.id} className="mt-8 mb-2 scroll-mt-16 text-lg font-semibold">
          {block.text}
        </h2>
      );
    case 'p':
      return (
        <p className="mb-3 leading-relaxed">
          <Inlines inlines={block.inlines} />
        </p>
      );
    case 'ul':
      return (
        <ul className="mb-3 list-disc pl-6 leading-relaxed">
          {block.items.map((item, index) => (
            <li key={index}>
              <Inlines inlines={item} />
            </li>
          ))}
        </ul>
      );
  }
}

/** /white: the exchange's white paper, in the reader's language, with a contents list of its sections. */
export function WhitePage() {
  const lang = currentLang();
  const [blocks, setBlocks] = useState<{ lang: Lang; blocks: Block[] } | null>(null);
  useEffect(() => {
    let live = true;
    void loadText(lang).then((text) => {
      if (live) setBlocks({ lang, blocks: parseMarkdown(text) });
    });
    return () => {
      live = false;
    };
  }, [lang]);
  if (!blocks || blocks.lang !== lang) return <Loading />;
  const [title, ...rest] = blocks.blocks;
  const sections = rest.filter((block) => block.kind === 'h2');
  return (
    <article className="mx-auto max-w-3xl px-1 py-6" data-testid="white-paper">
      {title && <BlockView block={title} />}
      <nav
        aria-label={title?.kind === 'h1' ? title.text : undefined}
        className="mb-6 rounded-lg border p-3 text-sm border-line bg-panel"
      >
        <ol className="grid list-decimal gap-x-6 gap-y-1 pl-5 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-accent">
                {section.text}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {rest.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </article>
  );
}
