import { defineConfig } from 'vite';

// Headless benchmark: one ES module, no DOM, uses navigator.gpu. Runs under Deno (`deno run -A`)
// or Node with the `webgpu` package (see docs/benchmarks.md).
export default defineConfig({
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'bench-dist',
    emptyOutDir: true,
    minify: false,
    lib: { entry: 'src/bench/main.ts', formats: ['es'], fileName: () => 'bench.js' },
    rollupOptions: { external: [/^node:/], output: { inlineDynamicImports: true } },
  },
});
