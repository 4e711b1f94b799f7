/** 简体中文 of the 'common' namespace: the same keys as locales/en/common.ts (the type checks it). */
import type { Catalogue } from '../../catalogue';
import type { common as en } from '../en/common';

export const common: Catalogue<typeof en> = {
  app: {
    title: 'Tiles',
    documentTitle: 'Tiles — 在你的 GPU 上做分块矩阵乘法',
    tagline:
      'Tiles 通过 WebGPU 在你自己的 GPU 上运行矩阵乘法，用 CPU 参考结果检查每一个结果，并展示 cuda-samples matrixMul 和 PMPP 第 4 章的分块（tiled）内核是如何工作的：选一个示例，按“运行”。',
    nav: '视图',
    skip: '跳到主要操作',
    footer: '结果只保存在这个标签页里，不会发送到任何地方。地址栏链接到当前视图和当前配置。',
    loading: '加载中…',
  },
  view: {
    lesson: '课程',
    ladder: '内核阶梯',
    bench: '基准测试',
    shared: '分享的结果',
    dot: '点积',
    partitions: '划分',
  },
  lang: {
    label: '语言',
  },
};
