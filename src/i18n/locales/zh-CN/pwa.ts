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
  notFound: {
    title: '未找到 — Tiles',
    heading: '此地址没有页面',
    body: 'Tiles 只有一个页面，位于其文件夹的地址；此地址位于该文件夹更深的位置。',
    home: '打开 Tiles',
  },
  manifest: {
    name: 'Tiles — 在你的 GPU 上运行分块矩阵乘法',
    shortName: 'Tiles',
    description: '通过 WebGPU 在你自己的 GPU 上运行分块矩阵乘法：运行朴素内核与分块内核，验证每个结果，如实计时。',
  },
} as const;
