/** English words of the 'pwa' namespace (see src/i18n/README.md for which views it covers). */
export const pwa = {} as const;
