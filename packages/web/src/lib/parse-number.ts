import type { Lang } from '@oex/protocol';
import { LOCALE_OF } from '../i18n/tags.js';
import { formatNumber } from './format.js';

/**
 * Reads a price or an amount as a person types or pastes it (docs/spot.md), never rewriting it: the
 * field keeps the text, and this says what number it is, or why it is none.
 *
 * Accepted: the reader's language's decimal mark and grouping (en 63,000.50; de/nl 63.000,50; fr
 * 63 000,50), the book's own display format (the same), and a plain 63000.5. Both marks present:
 * the last one is the decimal mark. One mark alone: the language's decimal mark is decimal; the
 * language's grouping mark is grouping only where it groups (1–3 digits, then groups of exactly
 * 3), else it is read as the decimal mark (so 0.5 is half in German too, and 1,5 in English, as
 * phone keyboards offer only one of them). Spaces (any kind) and ' group thousands.
 * Refused with a reason: letters and exponents (1e5), signs (-5, +5), a second decimal mark,
 * grouping that does not group in threes, more decimals or digits than the field takes.
 */

export type NumberProblem = 'chars' | 'negative' | 'grouping' | 'decimals' | 'digits';

export type ParsedNumber =
  | { value: string }
  | { problem: NumberProblem; /** The decimals or whole digits allowed, for the message. */ places: number };

export interface NumberLimits {
  /** Most decimals the field takes. */
  decimals?: number;
  /** Most digits in all (whole + decimals), 15 for prices and amounts of orders. */
  maxDigits?: number;
}

const marksCache = new Map<Lang, { decimal: string; group: string }>();

/** The language's decimal and grouping marks, as Intl formats numbers for it. */
export function marksOf(lang: Lang): { decimal: string; group: string } {
  let marks = marksCache.get(lang);
  if (!marks) {
    const parts = new Intl.NumberFormat(LOCALE_OF[lang]).formatToParts(12345.6);
    const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    const group = parts.find((part) => part.type === 'group')?.value ?? ',';
    marks = { decimal, group: /\s/.test(group) ? ' ' : group };
    marksCache.set(lang, marks);
  }
  return marks;
}

const SPACES = /[\s\u00a0\u202f\u2009']/g;

/** The number a typed text is, as a plain decimal string ('' for an empty field), or why it is none. */
export function parseNumber(typed: string, lang: Lang, limits: NumberLimits = {}): ParsedNumber {
  const refuse = (problem: NumberProblem, places = 0): ParsedNumber => ({ problem, places });
  const text = typed.trim();
  if (text === '') return { value: '' };
  if (/^[-−‒–]/.test(text)) return refuse('negative');
  // Spaces group thousands in any language; mark them all alike.
  const spaced = text.replace(SPACES, ' ');
  if (!/^[\d., ]+$/.test(spaced)) return refuse('chars');
  const dots = spaced.split('.').length - 1;
  const commas = spaced.split(',').length - 1;
  let decimalMark: string | null = null;
  let groupMark: string | null = null;
  if (dots > 0 && commas > 0) {
    decimalMark = spaced.lastIndexOf('.') > spaced.lastIndexOf(',') ? '.' : ',';
    groupMark = decimalMark === '.' ? ',' : '.';
  } else if (dots + commas > 0) {
    const mark = dots > 0 ? '.' : ',';
    const count = dots + commas;
    const { decimal, group } = marksOf(lang);
    if (count > 1) groupMark = mark;
    else if (mark === decimal || mark !== group) decimalMark = mark;
    else groupMark = groups(spaced.replace(/ /g, mark), mark) ? mark : null;
    if (count === 1 && groupMark === null) decimalMark = mark;
  }
  const at = decimalMark === null ? -1 : spaced.indexOf(decimalMark);
  if (decimalMark !== null && spaced.indexOf(decimalMark, at + 1) !== -1) return refuse('chars');
  const wholeText = at === -1 ? spaced : spaced.slice(0, at);
  const fraction = at === -1 ? '' : spaced.slice(at + 1);
  if (!/^\d*$/.test(fraction)) return refuse(fraction.includes(' ') ? 'grouping' : 'chars');
  let whole = wholeText;
  if (/[^\d]/.test(wholeText)) {
    // Grouping: one mark (spaces, or the group mark) between groups of three.
    const marks = new Set(wholeText.replace(/\d/g, ''));
    const mark = [...marks][0]!;
    if (marks.size > 1 || (mark !== ' ' && mark !== groupMark) || !groups(wholeText, mark)) {
      return refuse('grouping');
    }
    whole = wholeText.split(mark).join('');
  }
  if (whole === '' && fraction === '') return refuse('chars');
  const { decimals, maxDigits } = limits;
  if (decimals !== undefined && fraction.length > decimals) return refuse('decimals', decimals);
  const significant = whole.replace(/^0+(?=\d)/, '');
  if (maxDigits !== undefined) {
    const wholeDigits = maxDigits - (decimals ?? 0);
    if (significant.length > wholeDigits) return refuse('digits', wholeDigits);
  }
  const wholePart = significant === '' ? '0' : significant;
  return { value: fraction === '' ? wholePart : `${wholePart}.${fraction}` };
}

/** Whether `text` is 1–3 digits then groups of exactly 3, joined by `mark`. */
function groups(text: string, mark: string): boolean {
  const parts = text.split(mark);
  return (
    parts.length > 1 &&
    /^\d{1,3}$/.test(parts[0]!) &&
    !/^0\d*$/.test(parts[0]!) &&
    parts.slice(1).every((part) => /^\d{3}$/.test(part))
  );
}

/** A plain decimal string as a field shows it in the reader's language: its decimal mark, no grouping. */
export function toInputText(value: string, lang: Lang): string {
  const { decimal } = marksOf(lang);
  return decimal === '.' ? value : value.replace('.', decimal);
}

/**
 * A typed number as a field keeps it: the text exactly as typed or pasted (never rewritten), the
 * number it is, or why it is none.
 */
export interface TypedNumber {
  text: string;
  /** The plain decimal string, '' while empty or not a number. */
  value: string;
  problem: { key: NumberProblem; places: number } | null;
}

export function readTyped(text: string, lang: Lang, limits: NumberLimits = {}): TypedNumber {
  const result = parseNumber(text, lang, limits);
  return 'value' in result
    ? { text, value: result.value, problem: null }
    : { text, value: '', problem: { key: result.problem, places: result.places } };
}

/** The message under a field whose text is not a number: a translation key and its values. */
export function hintOf(
  problem: { key: NumberProblem; places: number },
  lang: Lang,
): { key: `trade.hint.${NumberProblem}`; params: { places: number; example: string } } {
  return {
    key: `trade.hint.${problem.key}`,
    params: { places: problem.places, example: formatNumber('63000.5', 2, lang) },
  };
}
