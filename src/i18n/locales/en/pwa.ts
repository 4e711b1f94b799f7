/** English words of the 'pwa' namespace: the update prompt, and the web app manifest (read at build time by src/pwa/manifest.ts). */
export const pwa = {
  update: {
    label: 'A new version of Tiles',
    message: 'A newer version of Tiles has been published. Reload to use it (the current run and its results are not kept).',
    reload: 'Reload',
    dismiss: 'Not now',
  },
  manifest: {
    name: 'Tiles — tiled matrix multiplication on your GPU',
    shortName: 'Tiles',
    description: 'Tiled matrix multiplication on your own GPU through WebGPU: run naive and tiled kernels, verify every result, time them honestly.',
  },
} as const;
