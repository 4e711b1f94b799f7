/** English words of the 'bench' namespace (see src/i18n/README.md for which views it covers). */
export const bench = {} as const;
