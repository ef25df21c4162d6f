/**
 * Parity of message catalogues: a language's catalogue against the English one it translates.
 *
 * A catalogue is an object of texts, flat (`{ 'trade.buy': 'Buy' }`) or nested
 * (`{ trade: { buy: 'Buy' } }`); both are compared by their dotted keys. Plurals follow i18next:
 * a key `x` said with a count is a family of keys `x_one`, `x_other`, ... with one key for each
 * plural category (CLDR: zero, one, two, few, many, other) that the language's rules use
 * (`new Intl.PluralRules(locale).resolvedOptions().pluralCategories`). English has `x_one` and
 * `x_other`; Japanese needs only `x_other`; French needs `x_one`, `x_many` and `x_other`.
 */

/** A catalogue: texts under keys, nested to any depth. */
export interface Catalog {
  readonly [key: string]: string | Catalog;
}

/** The plural categories of CLDR, in their usual order (the suffixes of i18next's plural keys). */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

/**
 * Placeholder syntaxes: i18next's `{{name}}` (also `{{name, format}}`), or single braces `{name}`.
 * A regular expression with the global flag and one capturing group for the name also works.
 */
export type PlaceholderSyntax = 'i18next' | 'braces' | RegExp;

const SYNTAXES: Record<Exclude<PlaceholderSyntax, RegExp>, RegExp> = {
  i18next: /\{\{\s*([\w.-]+)\s*(?:,[^{}]*)?\}\}/g,
  braces: /(?<!\{)\{\s*([\w.-]+)\s*\}(?!\})/g,
};

export interface CatalogCheckOptions {
  /** The plural categories of the language checked (`Intl.PluralRules(...).resolvedOptions()`). */
  pluralCategories: readonly string[];
  /** The placeholder syntax of both catalogues; i18next's `{{name}}` unless told. */
  placeholders?: PlaceholderSyntax;
  /** How nested keys are joined; `.` unless told. */
  separator?: string;
}

/** A key whose placeholders differ from English's (each list sorted, without repeats). */
export interface PlaceholderDifference {
  key: string;
  english: string[];
  found: string[];
}

export interface CatalogReport {
  /** Keys English has that the language lacks (for a plural family: each form the language needs). */
  missing: string[];
  /** Keys the language has that English does not (or plural forms the language does not use). */
  extra: string[];
  /** Keys whose set of placeholder names differs from English's. */
  placeholders: PlaceholderDifference[];
  /** Keys whose text is empty or blank while English's is not. */
  empty: string[];
  /** Keys that hold neither a text nor a nested catalogue (a number, a list, null, ...). */
  notText: string[];
  /** True when every list above is empty. */
  ok: boolean;
}

/** The texts of a catalogue under their dotted keys; values that are not texts are listed apart. */
export function flattenCatalog(
  catalog: Catalog,
  separator = '.',
): { texts: Map<string, string>; notText: string[] } {
  const texts = new Map<string, string>();
  const notText: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      const path = prefix ? `${prefix}${separator}${key}` : key;
      if (typeof value === 'string') texts.set(path, value);
      else if (value !== null && typeof value === 'object' && !Array.isArray(value)) walk(value, path);
      else notText.push(path);
    }
  };
  walk(catalog, '');
  return { texts, notText };
}

/** The names of a text's placeholders, sorted, each once. */
export function placeholderNames(text: string, syntax: PlaceholderSyntax = 'i18next'): string[] {
  const pattern = typeof syntax === 'string' ? SYNTAXES[syntax] : syntax;
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  return [...new Set([...text.matchAll(global)].map((match) => match[1] ?? match[0]))].sort();
}

/** `x_other` → `{ base: 'x', category: 'other' }`; a key without a plural suffix → undefined. */
function pluralPart(key: string): { base: string; category: PluralCategory } | undefined {
  const at = key.lastIndexOf('_');
  if (at <= 0) return undefined;
  const category = key.slice(at + 1);
  return (PLURAL_CATEGORIES as readonly string[]).includes(category)
    ? { base: key.slice(0, at), category: category as PluralCategory }
    : undefined;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]);

const without = (names: readonly string[], name: string) => names.filter((n) => n !== name);

/**
 * Compares a language's catalogue with the English one. Plain keys must match one for one, with
 * the same set of placeholder names. A plural family (English has `x_other`) must have exactly the
 * forms the language's categories call for (`x_zero` too when English has it: i18next reads it for
 * a count of 0 in every language); each form must have the placeholders of English's form of the
 * same category, or of English's `x_other` where English has no such form (French `x_many`), except
 * that a form other than `other` may leave out or add `count` (English "an order", Dutch "1 order").
 */
export function checkCatalog(english: Catalog, other: Catalog, options: CatalogCheckOptions): CatalogReport {
  const syntax = options.placeholders ?? 'i18next';
  const separator = options.separator ?? '.';
  const source = flattenCatalog(english, separator);
  const target = flattenCatalog(other, separator);
  const names = (text: string) => placeholderNames(text, syntax);

  // Plural families: a base with an `_other` form in English.
  const families = new Map<string, Map<PluralCategory, string>>();
  for (const key of source.texts.keys()) {
    const part = pluralPart(key);
    if (part?.category === 'other') families.set(part.base, new Map());
  }
  for (const [key, text] of source.texts) {
    const part = pluralPart(key);
    if (part && families.has(part.base)) families.get(part.base)!.set(part.category, text);
  }
  const familyOf = (key: string) => {
    const part = pluralPart(key);
    return part && families.has(part.base) ? part : undefined;
  };

  const missing: string[] = [];
  const extra: string[] = [];
  const placeholders: PlaceholderDifference[] = [];
  const empty: string[] = [];
  const compare = (key: string, expected: string[], text: string, countOptional: boolean) => {
    const found = names(text);
    const ok = countOptional
      ? same(without(found, 'count'), without(expected, 'count'))
      : same(found, expected);
    if (!ok) placeholders.push({ key, english: expected, found });
  };

  // Plain keys.
  for (const [key, text] of source.texts) {
    if (familyOf(key)) continue;
    const translated = target.texts.get(key);
    if (translated === undefined) {
      if (!target.notText.includes(key)) missing.push(key);
      continue;
    }
    if (translated.trim() === '' && text.trim() !== '') empty.push(key);
    compare(key, names(text), translated, false);
  }

  // Plural families.
  const needed = new Set(options.pluralCategories);
  for (const [base, forms] of families) {
    const reference = (category: PluralCategory) => names(forms.get(category) ?? forms.get('other')!);
    const wanted = new Set(needed);
    if (forms.has('zero')) wanted.add('zero');
    for (const category of PLURAL_CATEGORIES) {
      const key = `${base}_${category}`;
      const translated = target.texts.get(key);
      if (!wanted.has(category)) continue;
      if (translated === undefined) {
        if (!target.notText.includes(key)) missing.push(key);
        continue;
      }
      if (translated.trim() === '' && forms.get('other')!.trim() !== '') empty.push(key);
      compare(key, reference(category), translated, category !== 'other');
    }
  }

  // Keys English does not have, and plural forms the language does not use.
  for (const key of target.texts.keys()) {
    const part = familyOf(key);
    if (part) {
      const wanted =
        needed.has(part.category) || (part.category === 'zero' && families.get(part.base)!.has('zero'));
      if (!wanted) extra.push(key);
    } else if (!source.texts.has(key)) extra.push(key);
  }
  for (const key of target.notText) if (!source.texts.has(key) && !familyOf(key)) extra.push(key);

  const notText = target.notText.filter((key) => source.texts.has(key) || familyOf(key));
  const sorted = (keys: string[]) => [...new Set(keys)].sort();
  const report = {
    missing: sorted(missing),
    extra: sorted(extra),
    placeholders: placeholders.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    empty: sorted(empty),
    notText: sorted([...notText, ...source.notText.map((key) => `(English) ${key}`)]),
  };
  return {
    ...report,
    ok: Object.values(report).every((list) => list.length === 0),
  };
}
