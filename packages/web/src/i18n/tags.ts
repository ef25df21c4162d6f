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
