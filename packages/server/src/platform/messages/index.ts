import { localizeDecimal, type Lang } from '@oex/protocol';
import du from './du.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import gm from './gm.json' with { type: 'json' };
import hk from './hk.json' with { type: 'json' };
import jp from './jp.json' with { type: 'json' };
import zh from './zh.json' with { type: 'json' };

/**
 * Server messages, one JSON catalogue per language beside this file. English (`en.json`) is the
 * source every other language translates, and its keys are the only keys: a key missing from a
 * translation fails the type check below (and `catalogs.test.ts` finds extra keys and differing
 * placeholders). Keys are grouped by prefix: `rule.` describes a field rule and follows the field
 * name ("password: must be ..."), `error.` is a refusal, `ok.` a success, and the others name what
 * they label (`news_category.`, `journal.`, `channel.`...). Placeholders are written as i18next
 * writes them, `{{name}}`.
 */
export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

const CATALOGS: Record<Lang, Catalog> = { en, zh, hk, jp, gm, du, fr };

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/**
 * The message in the caller's language, English where a text is missing. A parameter whose
 * value is itself a message key (such as `channel.email`) is translated too, and one that is a
 * decimal with a fraction ("0.001") takes the language's grouping and decimal mark, as the web's
 * numbers do (integers stay as they are: they are as often ids and counts as amounts).
 */
export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template = CATALOGS[lang][key] || en[key];
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    if (isMessageKey(value)) return translate(lang, value);
    return /^-?\d+\.\d+$/.test(value) ? localizeDecimal(value, lang) : value;
  });
}
