/**
 * The import graph of src/ (npm run lint): no module may reach itself through its imports.
 * The floors (ui → state → gpu → core, no React or words below state/) are ESLint's (eslint.config.js).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: one of the modules should not know the other (move what both need into a lower module).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // WGSL and other assets come in through Vite's ?raw; they import nothing.
    exclude: { path: '\\.(wgsl|css|json)(\\?raw)?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
