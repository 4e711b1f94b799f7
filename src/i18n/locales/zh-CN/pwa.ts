/** 简体中文 of the 'pwa' namespace: the same keys as locales/en/pwa.ts (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { pwa as en } from '../en/pwa';

export const pwa: Catalogue<typeof en> = {
  update: {
    label: 'Tiles 有新版本',
    message: 'Tiles 已发布新版本。重新加载即可使用（当前的运行及其结果不会保留）。',
    reload: '重新加载',
    dismiss: '稍后',
  },
  manifest: {
    name: 'Tiles — 在你的 GPU 上运行分块矩阵乘法',
    shortName: 'Tiles',
    description: '通过 WebGPU 在你自己的 GPU 上运行分块矩阵乘法：运行朴素内核与分块内核，验证每个结果，如实计时。',
  },
} as const;
