/** Number formatting for the UI: the one definition lives in core/format.ts (the state's messages use it too). */
export * from '../../i18n/format';
