import { DEFAULT_LANG, toLang, type Lang } from '@oex/protocol';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { du } from './locales/du.js';
import { en } from './locales/en.js';
import { fr } from './locales/fr.js';
import { gm } from './locales/gm.js';
import { hk } from './locales/hk.js';
import { jp } from './locales/jp.js';
import { zh } from './locales/zh.js';

const RESOURCES = { en, zh, hk, jp, gm, du, fr };

/** BCP 47 tags of the spec's language codes, for Intl number and date formats. */
export const LOCALE_OF: Record<Lang, string> = {
  en: 'en-US',
  zh: 'zh-CN',
  hk: 'zh-HK',
  jp: 'ja-JP',
  gm: 'de-DE',
  du: 'nl-NL',
  fr: 'fr-FR',
};

/** The language kept under `lang` in local storage, English by default. */
export function currentLang(): Lang {
  try {
    return toLang(localStorage.getItem('lang') ?? DEFAULT_LANG);
  } catch {
    return DEFAULT_LANG;
  }
}

/** Changing the language saves it and reloads the page (spec 000 §1). */
export function setLang(lang: Lang): void {
  localStorage.setItem('lang', lang);
  window.location.reload();
}

export async function initI18n(): Promise<void> {
  const lang = currentLang();
  localStorage.setItem('lang', lang);
  document.documentElement.lang = LOCALE_OF[lang];
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: Object.fromEntries(
      Object.entries(RESOURCES).map(([code, texts]) => [code, { translation: texts }]),
    ),
    interpolation: { escapeValue: false },
  });
}
