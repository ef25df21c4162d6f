import type { Lang } from '@oex/protocol';

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

/** Each language by its own name, the same on every page, so a reader finds theirs whatever is shown. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  gm: 'Deutsch',
  du: 'Nederlands',
  fr: 'Français',
};
