import type { AppCatalog } from './catalogs.js';

/** The app's `t('trade.buy')` is checked against the English catalogue's keys. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppCatalog };
  }
}
