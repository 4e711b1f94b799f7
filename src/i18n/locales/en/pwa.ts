/** English words of the 'pwa' namespace: the update prompt, and the web app manifest (read at build time by src/pwa/manifest.ts). */
export const pwa = {
  update: {
    label: 'A new version of Tiles',
    message: 'A newer version of Tiles has been published. Reload to use it (the current run and its results are not kept).',
    reload: 'Reload',
    dismiss: 'Not now',
  },
  /** The page the service worker answers for an address inside the app's folder that is not the app (sw-notfound.js). */
  notFound: {
    title: 'Not found — Tiles',
    heading: 'There is no page at this address',
    body: 'Tiles is one page, at the address of its folder; this address is deeper inside that folder.',
    home: 'Open Tiles',
  },
  manifest: {
    name: 'Tiles — tiled matrix multiplication on your GPU',
    shortName: 'Tiles',
    description: 'Tiled matrix multiplication on your own GPU through WebGPU: run naive and tiled kernels, verify every result, time them honestly.',
  },
} as const;
