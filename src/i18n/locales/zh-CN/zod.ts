/** zod's own words for its schema issues in 简体中文 (src/i18n/bench.ts issueText; English is zod's default). */
export { zhCN as zod } from 'zod/locales';
