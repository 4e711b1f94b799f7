/** English words of the 'viz' namespace (see src/i18n/README.md for which views it covers). */
export const viz = {} as const;
