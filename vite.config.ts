/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Content-Security-Policy for the production build: scripts and styles only from this origin, no
 * inline script, no eval, no network but this origin. (The dev server needs an inline script for
 * React refresh, so the policy is added at build time only.)
 */
const kCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

function csp(): Plugin {
  return {
    name: 'tiles-csp',
    apply: 'build',
    transformIndexHtml: (html) => html.replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${kCsp}" />`),
  };
}

// Relative base: dist/ works from any static host or sub-path.
export default defineConfig({
  base: './',
  plugins: [react(), csp()],
  build: { target: 'es2022', sourcemap: true },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The property tests take ~1 s on an idle 2-core machine and up to ~5 s on a busy one (vitest's default limit).
    testTimeout: 15_000,
  },
});
