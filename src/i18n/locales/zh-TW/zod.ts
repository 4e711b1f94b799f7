/** zod's own words for its schema issues in 繁體中文 (src/i18n/bench.ts issueText; English is zod's default). */
export { zhTW as zod } from 'zod/locales';
