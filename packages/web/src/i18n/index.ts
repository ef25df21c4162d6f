import { DEFAULT_LANG, toLang, type Lang } from '@oex/protocol';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { AppCatalog } from './catalogs.js';
import { LOCALE_OF } from './tags.js';

export { LOCALE_OF };

/**
 * The app's texts: one JSON catalogue a language (`locales/<lang>/app.json`), each its own chunk,
 * so only the page's language is downloaded. Typed as the English one: a language that lacks a
 * text fails the compiler, and `t('trade.buy')` is checked against English (./i18next.d.ts).
 */
const LOADERS: Record<Lang, () => Promise<AppCatalog>> = {
  en: () => import('./locales/en/app.json').then((m) => m.default),
  zh: () => import('./locales/zh/app.json').then((m) => m.default),
  hk: () => import('./locales/hk/app.json').then((m) => m.default),
  jp: () => import('./locales/jp/app.json').then((m) => m.default),
  gm: () => import('./locales/gm/app.json').then((m) => m.default),
  du: () => import('./locales/du/app.json').then((m) => m.default),
  fr: () => import('./locales/fr/app.json').then((m) => m.default),
};

/** The language kept under `lang` in local storage, English by default. */
export function currentLang(): Lang {
  try {
    return toLang(localStorage.getItem('lang') ?? DEFAULT_LANG);
  } catch {
    return DEFAULT_LANG;
  }
}

/** Changing the language saves it and reloads the page (docs/web-app.md). */
export function setLang(lang: Lang): void {
  localStorage.setItem('lang', lang);
  window.location.reload();
}

export async function initI18n(): Promise<void> {
  const lang = currentLang();
  localStorage.setItem('lang', lang);
  document.documentElement.lang = LOCALE_OF[lang];
  await i18next.use(initReactI18next).init({
    // i18next knows the language by its BCP 47 tag (`ja-JP`, not the spec's `jp`), so plural forms
    // follow its rules: `x_other` alone in Chinese and Japanese, `x_one`, `x_many`, `x_other` in French.
    lng: LOCALE_OF[lang],
    // Every language has every text (the parity test checks it), so there is no fallback to load.
    fallbackLng: false,
    resources: { [LOCALE_OF[lang]]: { translation: await LOADERS[lang]() } },
    interpolation: { escapeValue: false },
  });
}
