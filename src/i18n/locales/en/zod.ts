/** zod's own words for its schema issues in English (src/i18n/bench.ts issueText), loaded with the views that show them, not with the lesson. */
export { en as zod } from 'zod/locales';
