import { DEFAULT_LANG, toLang, type Lang } from '@oex/protocol';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Texts } from './locales/en.js';
import { LOCALE_OF } from './tags.js';

export { LOCALE_OF };

/** Only the page's language is downloaded: each is its own chunk. */
const LOADERS: Record<Lang, () => Promise<Texts>> = {
  en: () => import('./locales/en.js').then((m) => m.en),
  zh: () => import('./locales/zh.js').then((m) => m.zh),
  hk: () => import('./locales/hk.js').then((m) => m.hk),
  jp: () => import('./locales/jp.js').then((m) => m.jp),
  gm: () => import('./locales/gm.js').then((m) => m.gm),
  du: () => import('./locales/du.js').then((m) => m.du),
  fr: () => import('./locales/fr.js').then((m) => m.fr),
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
    // Every language has every text (the Texts type checks it), so there is no fallback to load.
    fallbackLng: false,
    resources: { [lang]: { translation: await LOADERS[lang]() } },
    interpolation: { escapeValue: false },
  });
}
