/** Typed keys: t('…') and useTranslation() accept only keys of the English catalogue. */
import 'i18next';
import type { en } from './locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
    returnNull: false;
  }
}

/** core/said.ts's messages take the same typed keys (core itself imports nothing from here). */
declare module '../core/said' {
  interface SaidKeys {
    key: import('./index').Key;
  }
}
