import type { Lang } from './envelope.js';

/** BCP 47 tags of the spec's language codes, for Intl number and date formats (web and server). */
export const LOCALE_OF: Record<Lang, string> = {
  en: 'en-US',
  zh: 'zh-CN',
  hk: 'zh-HK',
  jp: 'ja-JP',
  gm: 'de-DE',
  du: 'nl-NL',
  fr: 'fr-FR',
};

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Lang, decimals: number): Intl.NumberFormat {
  const key = `${lang}:${decimals}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[lang], {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      roundingMode: 'trunc',
    });
    formats.set(key, format);
  }
  return format;
}

const PLAIN = /^(-?\d+)(?:\.(\d+))?$/;

/**
 * The one place a plain decimal text ("64015.24", "-0.5") becomes the reader's: grouped and with
 * the language's decimal mark ("64.015,24" in German, "64 015,24" in French), keeping exactly the
 * digits it has (Intl formats a numeric string without passing through a double). Anything that is
 * not a plain decimal (a code, an address, a text) comes back unchanged.
 */
export function localizeDecimal(text: string, lang: Lang): string {
  const match = PLAIN.exec(text);
  if (!match) return text;
  return numberFormat(lang, match[2]?.length ?? 0).format(text as `${number}`);
}

/**
 * Like localizeDecimal, for a number with a unit or suffix after it as a chart draws it ("1.25K",
 * "3.5%"): the leading number is localized, the rest kept.
 */
export function localizeLeadingDecimal(text: string, lang: Lang): string {
  const match = /^(-?\d+(?:\.\d+)?)(.*)$/.exec(text);
  return match ? localizeDecimal(match[1]!, lang) + match[2]! : text;
}
