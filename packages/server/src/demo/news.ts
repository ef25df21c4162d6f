import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS, type Lang } from '@oex/protocol';
import { serverPath } from '../lib/paths.js';

/**
 * The demo news the server seeds on first start (banners, help articles, about pages, news, home
 * notices and the privacy policy), read from content files a translator edits without code:
 * `index.json` lists the articles in order with the fields every language shares, and each
 * article's folder holds one `<lang>.md` per language, a front matter block with the title and
 * then the body, HTML as the site shows it. See README.md in that folder.
 */
export const DEMO_NEWS_FOLDER = serverPath('src/demo/news');

export interface DemoArticleText {
  title: string;
  /** HTML as the site shows it (p, h3, ul, ol, li, strong, em, a). */
  content: string;
}

export interface DemoArticle {
  /** The article's folder. */
  slug: string;
  id: number;
  category_id: number;
  /** Only category 1 (home banners) has banners. */
  banner: string | null;
  /** Order inside its category, 1 = first. */
  sort: number;
  /** Publication date = the seed's time minus this many days. */
  days_ago: number;
  /** The texts in the languages the article has, English always, in the order of LANGS. */
  texts: Partial<Record<Lang, DemoArticleText>>;
}

type IndexEntry = Omit<DemoArticle, 'texts'>;

/** Reads every article of the folder; throws naming the file at the first thing it cannot read. */
export function loadDemoNews(folder: string = DEMO_NEWS_FOLDER): DemoArticle[] {
  const indexFile = join(folder, 'index.json');
  const index = readIndex(indexFile, JSON.parse(readFileSync(indexFile, 'utf8')) as unknown);
  const listed = new Set(index.map((entry) => entry.slug));
  for (const name of readdirSync(folder)) {
    if (statSync(join(folder, name)).isDirectory() && !listed.has(name))
      throw new Error(`${join(folder, name)}: this article is not listed in ${indexFile}`);
  }
  return index.map((entry) => ({ ...entry, texts: readTexts(join(folder, entry.slug)) }));
}

function readIndex(file: string, data: unknown): IndexEntry[] {
  if (!Array.isArray(data)) throw new Error(`${file}: expected a list of articles`);
  const ids = new Set<number>();
  const slugs = new Set<string>();
  return data.map((item: unknown, at) => {
    const entry = item as Record<string, unknown>;
    const wrong = (field: string, expected: string) =>
      new Error(`${file}: article ${at + 1}: ${field} must be ${expected}`);
    const whole = (field: string, min: number) => {
      const value = entry[field];
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
        throw wrong(field, `a whole number of at least ${min}`);
      return value;
    };
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new Error(`${file}: article ${at + 1} must be an object`);
    const known = ['slug', 'id', 'category_id', 'banner', 'sort', 'days_ago'];
    const unknown = Object.keys(entry).filter((key) => !known.includes(key));
    if (unknown.length > 0) throw wrong(unknown.join(', '), `one of ${known.join(', ')}`);
    const { slug, banner } = entry;
    if (typeof slug !== 'string' || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
      throw wrong('slug', 'a folder name of lowercase letters, digits and hyphens');
    if (banner !== null && typeof banner !== 'string') throw wrong('banner', 'a path or null');
    const article: IndexEntry = {
      slug,
      id: whole('id', 1),
      category_id: whole('category_id', 1),
      banner,
      sort: whole('sort', 0),
      days_ago: whole('days_ago', 0),
    };
    if (ids.has(article.id) || slugs.has(slug)) throw wrong('id and slug', 'unique');
    ids.add(article.id);
    slugs.add(slug);
    return article;
  });
}

function readTexts(articleFolder: string): Partial<Record<Lang, DemoArticleText>> {
  const files = readdirSync(articleFolder);
  const stray = files.filter((name) => !(LANGS as readonly string[]).some((lang) => name === `${lang}.md`));
  if (stray.length > 0)
    throw new Error(`${articleFolder}: ${stray.join(', ')}: files must be named ${LANGS.join('.md, ')}.md`);
  if (!files.includes('en.md')) throw new Error(`${articleFolder}: en.md is missing`);
  const texts: Partial<Record<Lang, DemoArticleText>> = {};
  for (const lang of LANGS) {
    const file = join(articleFolder, `${lang}.md`);
    if (files.includes(`${lang}.md`)) texts[lang] = parseArticle(file, readFileSync(file, 'utf8'));
  }
  return texts;
}

/**
 * One language's file: `---`, `title: ...`, `---`, then the body. The title is a YAML scalar:
 * plain, or in single quotes ('' for a quote) or double quotes (JSON's escapes) when it holds
 * `: ` or ` #` or starts with a quote, as YAML and Prettier write it.
 */
export function parseArticle(file: string, raw: string): DemoArticleText {
  const text = raw.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n---(?:\n|$)([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: must start with a front matter block between two --- lines`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const field = /^([a-z_]+):\s*(.*)$/.exec(line);
    if (!field) throw new Error(`${file}: cannot read the front matter line "${line}"`);
    const [, key, value] = field;
    if (key !== 'title') throw new Error(`${file}: unknown front matter field "${key}" (only title)`);
    fields.set(key, scalar(file, value!.trim()));
  }
  const title = fields.get('title');
  if (!title) throw new Error(`${file}: the front matter has no title`);
  const content = match[2]!.trim();
  if (!content) throw new Error(`${file}: the article has no body`);
  return { title, content };
}

function scalar(file: string, value: string): string {
  if (value.startsWith("'")) {
    if (!/^'(?:[^']|'')*'$/.test(value)) throw new Error(`${file}: unbalanced single quotes in ${value}`);
    return value.slice(1, -1).replace(/''/g, "'");
  }
  if (value.startsWith('"')) {
    try {
      return JSON.parse(value) as string;
    } catch {
      throw new Error(`${file}: cannot read the double-quoted text ${value}`);
    }
  }
  if (/: | #|:$/.test(value) || /^[[\]{}>|*&!%@`,?#-]/.test(value))
    throw new Error(`${file}: put the text in quotes, YAML would not read it as written: ${value}`);
  return value;
}
