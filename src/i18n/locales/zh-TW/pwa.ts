/** 繁體中文 of the 'pwa' namespace: the same keys as locales/en/pwa.ts (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { pwa as en } from '../en/pwa';

export const pwa: Catalogue<typeof en> = {
  update: {
    label: 'Tiles 有新版本',
    message: 'Tiles 已釋出新版本。重新載入即可使用（目前的執行及其結果不會保留）。',
    reload: '重新載入',
    dismiss: '稍後',
  },
  notFound: {
    title: '未找到 — Tiles',
    heading: '此網址沒有頁面',
    body: 'Tiles 只有一個頁面，位於其資料夾的網址；此網址位於該資料夾更深的位置。',
    home: '開啟 Tiles',
  },
  manifest: {
    name: 'Tiles — 在你的 GPU 上執行分塊矩陣乘法',
    shortName: 'Tiles',
    description: '透過 WebGPU 在你自己的 GPU 上執行分塊矩陣乘法：執行樸素核心程式與分塊核心程式，驗證每個結果，如實計時。',
  },
} as const;
