import type { Lang } from '@oex/protocol';
import { du } from './du.js';
import { en, type Catalog, type MessageKey } from './en.js';
import { fr } from './fr.js';
import { gm } from './gm.js';
import { hk } from './hk.js';
import { jp } from './jp.js';
import { zh } from './zh.js';

export type { MessageKey } from './en.js';

const CATALOGS: Record<Lang, Catalog> = { en, zh, hk, jp, gm, du, fr };

export type MessageParams = Record<string, string | number>;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/**
 * The message in the caller's language, English where a text is missing. A parameter whose
 * value is itself a message key (such as `channel.email`) is translated too.
 */
export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  const template = CATALOGS[lang][key] || en[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in params)) return whole;
    const value = String(params[name]);
    return isMessageKey(value) ? translate(lang, value) : value;
  });
}
