import type { Lang } from '@oex/protocol';

/** BCP 47 tags of the spec's language codes: one table for the web and the server's messages. */
export { LOCALE_OF } from '@oex/protocol';

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
