/**
 * zod, configured once for every schema in the app. The tree-shakable build (`zod/mini`: schemas
 * are functions and checks, so only what the app uses is bundled — the full build added about
 * 100 kB to the page), and no locale of its own: `issueText` (src/i18n/bench.ts) says an issue in the language in
 * use through that language's zod locale, English's included, which load with the views that show them (not with the
 * lesson's first load: issue #47), and no eval (zod's JIT would need it, and the app's
 * Content-Security-Policy forbids it). Import z from here, not from 'zod'.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };

/** A string of at most `max` characters (every text a link or a stored record may carry is bounded). */
export const text = (max: number) => z.string().check(z.maxLength(max));
