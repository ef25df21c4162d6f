import { readFileSync } from 'node:fs';
import {
  Decimal,
  LANGS,
  type ChangeKind,
  type ChangeNotice,
  type ChangeSet,
  type ChangeValue,
  type Lang,
} from '@oex/protocol';
import type { ArticleText } from '../../content/service.js';
import { translate } from '../../platform/messages/index.js';
import { formatDateTime } from '../../lib/time.js';
import { FIELDS } from './rules.js';
import { serverPath } from '../../lib/paths.js';

interface LabelsFile {
  languages: Lang[];
  fields: Record<ChangeKind, Record<string, string[]>>;
  flags: { on: string[]; off: string[] };
}

const LABELS = JSON.parse(readFileSync(serverPath('src/admin/markets/labels.json'), 'utf8')) as LabelsFile;

function inLang(texts: string[] | undefined, lang: Lang, fallback: string): string {
  return texts?.[LABELS.languages.indexOf(lang)] ?? texts?.[0] ?? fallback;
}

/** A setting's name as users read it. */
export function fieldLabel(kind: ChangeKind, field: string, lang: Lang): string {
  return inLang(LABELS.fields[kind]?.[field], lang, field);
}

/** A value as users read it: a switch as on/off, a fraction as a percentage, a list joined. */
export function valueText(
  kind: ChangeKind,
  field: string,
  value: ChangeValue | undefined,
  lang: Lang,
): string {
  if (value === undefined) return '–';
  const rule = FIELDS[kind][field];
  if (rule?.type === 'flag')
    return inLang(value === 1 ? LABELS.flags.on : LABELS.flags.off, lang, String(value));
  if (Array.isArray(value)) return value.join(', ');
  if (rule?.type === 'decimal' && rule.shown === 'fraction') {
    return `${Decimal.parse(String(value)).mul(Decimal.fromInt(100)).toString()} %`;
  }
  if (rule?.type === 'decimal' && rule.shown === 'percent')
    return `${Decimal.parse(String(value)).toString()} %`;
  return String(value);
}

function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The operator's plain text as paragraphs: never markup of theirs, so nothing in it runs. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escape(part).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

export interface AnnouncedChange {
  kind: ChangeKind;
  /** The market, currency, network, option or product, as named in that language. */
  targetName: (lang: Lang) => string;
  /** The values now, for "old → new". */
  current: ChangeSet;
  changes: ChangeSet;
  effectiveAt: number;
  timeZone: string;
}

/**
 * The notice of a scheduled change in each language the operator wrote: their title and text,
 * then what the server knows to be true, stated the same way every time: when it takes effect,
 * each setting's old and new value, and that open orders and positions keep their terms.
 */
export function changeNotice(
  texts: ChangeNotice,
  change: AnnouncedChange,
): Partial<Record<Lang, ArticleText>> & { en: ArticleText } {
  const out: Partial<Record<Lang, ArticleText>> = {};
  for (const lang of LANGS) {
    const text = texts[lang];
    if (!text) continue;
    const when = translate(lang, 'notice.change_effective', {
      time: formatDateTime(change.effectiveAt, change.timeZone),
      zone: change.timeZone,
    });
    const items = Object.entries(change.changes)
      .map(([field, value]) => {
        const before = valueText(change.kind, field, change.current[field], lang);
        const after = valueText(change.kind, field, value, lang);
        return `<li>${escape(change.targetName(lang))} · ${escape(fieldLabel(change.kind, field, lang))}: ${escape(before)} → ${escape(after)}</li>`;
      })
      .join('');
    out[lang] = {
      title: text.title,
      content:
        paragraphs(text.content) +
        `<p><strong>${escape(when)}</strong></p>` +
        `<p>${escape(translate(lang, 'notice.change_list'))}</p><ul>${items}</ul>` +
        `<p>${escape(translate(lang, 'notice.change_open_contracts'))}</p>`,
    };
  }
  return out as Partial<Record<Lang, ArticleText>> & { en: ArticleText };
}

/** The notice that a change will not take effect, in each language of the original notice. */
export function cancellationNotice(
  original: Partial<Record<Lang, { title: string }>>,
  announcedAt: number,
  timeZone: string,
  bySystem: boolean,
): Partial<Record<Lang, ArticleText>> & { en: ArticleText } {
  const out: Partial<Record<Lang, ArticleText>> = {};
  const date = formatDateTime(announcedAt, timeZone).slice(0, 10);
  for (const lang of LANGS) {
    const title = original[lang]?.title;
    if (title === undefined) continue;
    const body = `<p>${escape(translate(lang, 'notice.change_cancelled', { date, title }))}</p>`;
    out[lang] = {
      title: translate(lang, 'notice.change_cancelled_title', { title }),
      content: bySystem ? body + `<p>${escape(translate(lang, 'notice.change_system_cancelled'))}</p>` : body,
    };
  }
  if (!out.en) out.en = out[LANGS.find((lang) => out[lang])!] ?? { title: '', content: '' };
  return out as Partial<Record<Lang, ArticleText>> & { en: ArticleText };
}
