/** English words of the 'run' namespace (see src/i18n/README.md for which views it covers). */
export const run = {} as const;
