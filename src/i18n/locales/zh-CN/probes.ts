/** 简体中文 of the 'probes' namespace: the same keys as locales/en/probes.ts (the type checks it). */
export const probes = {
  preparing: '正在准备探针',
  pipeline: '正在创建 {{probe}} 管线',
  heading: '合并访问与 bank 冲突：在这块 GPU 上实测',
  modelNote:
    '哪些是实测、哪些是模型：下面的时间是在这块 GPU 上测得的。WebGPU 不公开内存如何服务请求，所以图示采用 NVIDIA 和 AMD 文档中的模型：每个请求 32 个通道，全局内存按 128 字节的段传输，工作组内存分为 32 个 4 字节宽的 bank（字 a 位于 bank a mod 32）。',
  run: '运行这个探针',
  running: '正在运行第 {{n}} 个，共 {{total}} 个…',
  notRun: '尚未在这块 GPU 上运行。',
  noGpu: '探针需要支持 WebGPU 的 GPU。图示和模型说明仍可阅读。',
  colVariant: '探针内核',
  colTime: '每次调度的时间中位数（这块 GPU）',
  colRate: '每秒读取的字节数',
  colChecked: '校验',
  timeCell_one: '<n>{{median}}</n> · 离散度 {{spread}} · {{n}} 个样本 × {{count}} 次调度 · {{clock}}',
  timeCell_other: '<n>{{median}}</n> · 离散度 {{spread}} · {{n}} 个样本 × {{count}} 次调度 · {{clock}}',
  distrust: '⚠ 不能作为可比较的速度：{{why}}',
  rateCellUntrusted: '⚠ {{rate}} GB/s（不可作为速度比较）',
  rateCell: '{{rate}} GB/s',
  verified: '✓ 已验证：全部 {{sums}} 个和与 CPU 参考一致',
  mismatch: '✗ {{sums}} 个和中有 {{bad}} 个与 CPU 参考不同（第一个：调用 {{index}} 得到 {{got}}，应为 {{want}}）',
  software: '这个适配器是软件实现（在 CPU 上）：这里的比值不能说明 GPU 的情况——GPU 有段、缓存和 bank，CPU 模拟没有。',
  shared: {
    coalescing:
      '发送者的合并访问探针（每次调度 {{mib}} MiB，{{clock}}，{{verified}}）：跨步读取耗时是合并读取的 <b>{{ratio}}×</b>（{{fast}} 对 {{slow}} GB/s）。',
    banks:
      '发送者的存储体冲突探针（每次调度读取 {{mib}} MiB 工作组内存，{{clock}}，{{verified}}）：按列读取耗时是按行读取的 <b>{{conflict}}×</b>；填充到 33 后为 <b>{{padded}}×</b>。',
    noRatio: '发送者的{{probe}}探针（每次调度 {{mib}} MiB，{{clock}}，{{verified}}）：没有比值，因为有时间不能当作速度，或有和与参考不符。',
    noRatioMarked: '发送者的{{probe}}探针（每次调度 {{mib}} MiB，{{clock}}，{{verified}}）：没有比值，因为其数据未通过检查。',
    name: { coalescing: '合并访问', banks: '存储体冲突' },
    verified: '所有和均已验证',
    notVerified: '⚠ 有些和不相符',
    notShownVerified: '⚠ 发送者称各和均已验证，但不标为已验证：有数据未通过检查',
    software: '在软件适配器上测得：这个比值不能说明 GPU 的情况。',
  },
  reference: {
    coalescing:
      '{{gpu}} 参考值（{{date}}，每次调度 {{bytes}}；不是这块 GPU）：通过 wgpu（Firefox 的引擎），跨步读取用时是合并读取的 {{wgpu}} 倍；通过 Dawn（Chrome 的引擎）是 {{dawn}} 倍；合并读取分别达到 {{wgpuGbs}} 和 {{dawnGbs}} GB/s。每个段的其余部分由缓存提供给随后的读取，所以代价远低于模型的 32 个段。',
    banks:
      '{{gpu}} 参考值（{{date}}；不是这块 GPU）：按列读取用时是按行读取的 {{wgpu}} 倍（wgpu）和 {{dawn}} 倍（Dawn）；行距填充到 33 后为 {{wgpuPad}} 倍和 {{dawnPad}} 倍。有冲突的读取在两个引擎上都是 {{columns}} 毫秒（硬件把它串行化）；无冲突的读取通过 wgpu 比通过 Dawn 慢 {{rowsRatio}} 倍，所以这个比值既取决于 bank，也取决于引擎生成的代码。',
  },
  noRatioUntrusted: '不给出比值：{{why}}。',
  noRatioMismatch: '不给出比值：有探针的和与参考不一致。',
  sizeCoalescing: '每次调度：{{groups}} 个工作组，每组 {{wg}} 个调用，把 {{bytes}} 各读一遍（每个调用 32 个字）。',
  sizeBanks: '每次调度：{{groups}} 个工作组，每组 {{wg}} 个调用，每个调用从工作组内存中的 32×32 块读取 {{reads}} 个字（共 {{bytes}}）。',
  pictureLabel: '{{what}}：一个请求的 {{lanes}} 个通道与{{slots}}',
  axisSegment: '段',
  axisBank: 'bank',
  lane: '通道',
  coalescing: {
    heading: '合并读取与跨步读取全局内存',
    map: {
      coalesced: '通道 i 读取字 base + i。',
      strided: '通道 i 读取字 base + 32·i。',
    },
    intro:
      '两个内核读取缓冲区中相同的字并求和，只有顺序不同。合并：每一步通道 i 读取字 base + i，32 个通道读取同一个 128 字节的段。跨步：通道 i 读取字 base + 32·i，32 个通道触及 32 个段，每段只用 4 个字节。',
    kind: {
      coalesced: '合并（probe_coalesced）',
      strided: '跨步，相隔 32 个字（probe_strided）',
    },
    ratio: '在这块 GPU 上，读取同样的字节，跨步读取用时是合并读取的 <b>{{ratio}} 倍</b>。',
    slots: '它触及的 128 字节段',
    caption: '{{lanes}} 个通道 → {{segments}} 个段：请求 {{used}}，模型中传输 {{moved}}。',
    explain:
      '对应阶梯：朴素内核让 x 沿 N 方向，相邻调用读取 B 的相邻元素、写入 C 的相邻元素（合并），而同一行的调用读取 A 的同一个元素（广播）。分块内核按调用 (tx, ty) 读取连续字的方式复制块：每次块加载都是合并的，之后每个字在工作组内存中被重复使用。vec4 内核（reg8x8v 及以上）让每次加载宽 16 字节，一个请求覆盖四倍的字节；reg8x8db 写入 C 的相邻 vec4（每条存储指令 256 个连续字节）。内核若把调用映射到行而不是列，就会得到跨步的访问模式；缓存可能吸收一部分代价（后续步骤会读取每个段的其余部分），所以实测比值可能远小于模型中的 32 个段。',
  },
  banks: {
    heading: '有无 bank 冲突的工作组内存读取',
    map: {
      rows: '通道 l 读取字 32·c + l：bank l。',
      columns: '通道 l 读取字 32·l + c：所有通道都在 bank c。',
      padded: '通道 l 读取字 33·l + c：bank (l + c) mod 32。',
    },
    intro:
      '三个内核把同一个 32×32 块复制到工作组内存并多次读取。按行：32 个通道读取一个存储行（32 个相邻字，每个 bank 一个）。按列：它们以 32 个字的行距读取一个存储列，所有字都在同一个 bank，在模型中这 32 次读取依次完成。填充：同样按列读取，但行距为 33 个字；每行错开一个 bank，冲突消失，代价是每行一个不用的字。',
    kind: {
      rows: '按行，无冲突（probe_banks_rows）',
      columns: '按列，行距 32：有冲突（probe_banks_columns）',
      padded: '按列，行距 33：填充（probe_banks_columns）',
    },
    ratio: '在这块 GPU 上，按列读取用时是按行读取的 <b>{{conflict}} 倍</b>；行距填充到 33 后为 <b>{{padded}} 倍</b>。',
    slots: '32 个 bank',
    caption: '{{lanes}} 个通道 → 最忙的 bank 有 {{ways}} 个不同的字：模型中需要 {{ways}} 轮。',
    ways: '×{{n}}',
    explain:
      '对应阶梯：分块内核读取 As[ty][k]（整行调用读同一个字：广播，无冲突）和 Bs[k][tx]（相邻字：无冲突）。reg4x4 和 reg8x8 把 A 块转置后存储，使内层循环沿存储行读取 A，而不是沿列读取——正是这些探针中的转置。reg8x8db 更进一步：每个调用负责第 4·ty… 行和第 64 + 4·ty… 行，而不是连续的八行，于是相邻调用读取工作组内存中相邻的 vec4。像第三个探针那样把行距填充到 33 是另一种经典做法；各级内核则是直接避免按列读取。',
  },
} as const;
