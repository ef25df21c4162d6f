import { CONTENT_IMAGE_NAME, CONTENT_IMAGE_PATH } from '@oex/protocol';
import sanitizeHtml from 'sanitize-html';

/**
 * The one gate between an operator's HTML and every reader's browser: an allow-list of tags and
 * attributes, links only to the web (http, https, mailto) or to a page of this site, images only
 * from this site's public image paths. Everything else is dropped; the text inside a dropped tag
 * is kept (escaped), except inside tags whose content is code or markup (script, style...).
 * Pure: no I/O, so it is tested hard (sanitize.test.ts) and run on every save.
 */

/** The images the seed ships under /banners (server/public/banners). */
const SITE_BANNER = /^\/banners\/[A-Za-z0-9_-]{1,64}\.(?:svg|png|jpg|webp)$/;

const EXTERNAL_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** rel and target of a link that leaves the site: no opener, no referrer, no endorsement. */
const EXTERNAL_LINK = { rel: 'noopener noreferrer nofollow', target: '_blank' } as const;

/** Tags an article body may hold. h1 is the page's own title, so bodies start at h2. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
];

/** What browsers' editing commands and pasted documents produce, mapped onto the allowed tags. */
const SYNONYMS: Record<string, string> = {
  b: 'strong',
  i: 'em',
  strike: 's',
  del: 's',
  ins: 'u',
  h1: 'h2',
  h5: 'h4',
  h6: 'h4',
  div: 'p',
};

/** Dropped with everything inside them: their content is code or markup, never the article's text. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'template',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'object',
  'svg',
  'math',
];

/** Where a link leads: a page of this site, the outside web, or nowhere we accept. */
export function linkKind(href: string): 'site' | 'external' | null {
  const value = href.trim();
  // Control characters, spaces and backslashes are how scheme filters are usually fooled.
  // eslint-disable-next-line no-control-regex -- they are exactly what is refused
  if (value === '' || /[\u0000-\u0020\u007f-\u009f\\]/.test(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : 'site';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  return EXTERNAL_PROTOCOLS.has(url.protocol) ? 'external' : null;
}

/** Whether an image source is one of this site's public images (a seed banner or an upload). */
export function isSiteImage(src: string): boolean {
  if (SITE_BANNER.test(src)) return true;
  return src.startsWith(CONTENT_IMAGE_PATH) && CONTENT_IMAGE_NAME.test(src.slice(CONTENT_IMAGE_PATH.length));
}

/** The uploaded image's name in a public image path, or null for anything else. */
export function contentImageName(src: string): string | null {
  if (!src.startsWith(CONTENT_IMAGE_PATH)) return null;
  const name = src.slice(CONTENT_IMAGE_PATH.length);
  return CONTENT_IMAGE_NAME.test(name) ? name : null;
}

/** A small whole number in an attribute (width, colspan...), or undefined to drop the attribute. */
function smallNumber(value: string | undefined, max: number): string | undefined {
  if (value === undefined || !/^\d{1,4}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? String(number) : undefined;
}

function keep(attribs: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attribs).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

const transformTags: Record<string, sanitizeHtml.Transformer> = {
  ...Object.fromEntries(
    Object.entries(SYNONYMS).map(([from, to]) => [from, (_tag: string) => ({ tagName: to, attribs: {} })]),
  ),
  a: (_tag, attribs) => {
    const href = attribs.href ?? '';
    const kind = linkKind(href);
    // A link we do not accept loses its tag, not its words (exclusiveFilter below). Renaming it
    // to a refused tag instead would leave sanitize-html's rename map set for the next tag.
    if (kind === null) return { tagName: 'a', attribs: {} };
    const title = attribs.title?.slice(0, 200);
    return {
      tagName: 'a',
      attribs: keep({ href: href.trim(), title, ...(kind === 'external' ? EXTERNAL_LINK : {}) }),
    };
  },
  img: (_tag, attribs) => {
    const src = (attribs.src ?? '').trim();
    if (!isSiteImage(src)) return { tagName: 'img', attribs: {} };
    return {
      tagName: 'img',
      attribs: keep({
        src,
        alt: (attribs.alt ?? '').slice(0, 300),
        width: smallNumber(attribs.width, 4000),
        height: smallNumber(attribs.height, 4000),
      }),
    };
  },
  ol: (_tag, attribs) => ({ tagName: 'ol', attribs: keep({ start: smallNumber(attribs.start, 9999) }) }),
  ...Object.fromEntries(
    ['td', 'th'].map((cell) => [
      cell,
      (_tag: string, attribs: sanitizeHtml.Attributes) => ({
        tagName: cell,
        attribs: keep({
          colspan: smallNumber(attribs.colspan, 50),
          rowspan: smallNumber(attribs.rowspan, 500),
        }),
      }),
    ]),
  ),
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  // Checked again by sanitize-html after the transforms above: two independent gates.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags,
  // The transforms above strip a refused link's href and a refused image's src: drop those.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return frame.tag === 'img' && !frame.attribs.src;
  },
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  // A body deeper than this is not an article; the rest is flattened into text.
  nestingLimit: 40,
};

export interface SanitisedBody {
  html: string;
  /** Names of the uploaded images the body shows, so they can be served once it is published. */
  images: string[];
}

/** The article body as readers will get it, and the uploaded images it refers to. */
export function sanitiseBody(dirty: string): SanitisedBody {
  // Once more over its own output: renamed tags (a div turned into a p around another p) can
  // leave a tree that a parser reads differently from how it was written; the second pass
  // answers what every later parser, the browser's included, will read.
  let html = sanitizeHtml(dirty, OPTIONS).trim();
  for (let pass = 0; pass < 3; pass += 1) {
    const again = sanitizeHtml(html, OPTIONS).trim();
    if (again === html) break;
    html = again;
  }
  const images = new Set<string>();
  for (const match of html.matchAll(/<img [^>]*src="([^"]+)"/g)) {
    const name = contentImageName(match[1]!);
    if (name) images.add(name);
  }
  return { html, images: [...images] };
}

/** Whether a sanitised body shows nothing: no text and no image. */
export function isBlankBody(html: string): boolean {
  if (/<img /.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|\s/g, '').length === 0;
}
