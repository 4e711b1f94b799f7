/**
 * zod, configured once for every schema in the app: no eval (zod's JIT would need it, and the
 * app's Content-Security-Policy forbids it). Import z from here, not from 'zod'.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
