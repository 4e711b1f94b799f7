/** 繁體中文 of the 'probes' namespace: the same keys as locales/en/probes.ts (the type checks it). */
export const probes = {
  preparing: '正在準備探針',
  pipeline: '正在建立 {{probe}} 管線',
  heading: '合併存取與 bank 衝突：在這個 GPU 上實測',
  modelNote:
    '哪些是實測、哪些是模型：下面的時間是在這個 GPU 上測得的。WebGPU 不公開記憶體如何服務請求，所以圖示採用 NVIDIA 和 AMD 文件中的模型：每個請求 32 個通道，全域記憶體按 128 位元組的段傳輸，工作群組記憶體分為 32 個 4 位元組寬的 bank（字 a 位於 bank a mod 32）。',
  run: '執行這個探針',
  running: '正在執行第 {{n}} 個，共 {{total}} 個…',
  notRun: '尚未在這個 GPU 上執行。',
  noGpu: '探針需要支援 WebGPU 的 GPU。圖示和模型說明仍可閱讀。',
  colVariant: '探針核心程式',
  colTime: '每次分派的時間中位數（這個 GPU）',
  colRate: '每秒讀取的位元組數',
  colChecked: '驗證',
  timeCell_one: '<n>{{median}}</n> · 離散度 {{spread}} · {{n}} 個樣本 × {{count}} 次分派 · {{clock}}',
  timeCell_other: '<n>{{median}}</n> · 離散度 {{spread}} · {{n}} 個樣本 × {{count}} 次分派 · {{clock}}',
  distrust: '⚠ 不能作為可比較的速度：{{why}}',
  rateCellUntrusted: '⚠ {{rate}} GB/s（不可作為速度比較）',
  rateCell: '{{rate}} GB/s',
  verified: '✓ 已驗證：全部 {{sums}} 個和與 CPU 參考一致',
  mismatch: '✗ {{sums}} 個和中有 {{bad}} 個與 CPU 參考不同（第一個：叫用 {{index}} 得到 {{got}}，應為 {{want}}）',
  software: '這個介面卡是軟體實作（在 CPU 上）：這裡的比值不能說明 GPU 的情況——GPU 有段、快取和 bank，CPU 模擬沒有。',
  shared: {
    coalescing:
      '傳送者的合併存取探針（每次分派 {{mib}} MiB，{{clock}}，{{verified}}）：跨步讀取耗時是合併讀取的 <b>{{ratio}}×</b>（{{fast}} 對 {{slow}} GB/s）。',
    banks:
      '傳送者的記憶庫衝突探針（每次分派讀取 {{mib}} MiB 工作群組記憶體，{{clock}}，{{verified}}）：按行讀取耗時是按列讀取的 <b>{{conflict}}×</b>；填充到 33 後為 <b>{{padded}}×</b>。',
    noRatio: '傳送者的{{probe}}探針（每次分派 {{mib}} MiB，{{clock}}，{{verified}}）：沒有比值，因為有時間不能當作速度，或有和與參考不符。',
    noRatioMarked: '傳送者的{{probe}}探針（每次分派 {{mib}} MiB，{{clock}}，{{verified}}）：沒有比值，因為其資料未通過檢查。',
    name: { coalescing: '合併存取', banks: '記憶庫衝突' },
    verified: '所有和均已驗證',
    notVerified: '⚠ 有些和不相符',
    notShownVerified: '⚠ 傳送者稱各和均已驗證，但不標為已驗證：有資料未通過檢查',
    software: '在軟體介面卡上測得：這個比值不能說明 GPU 的情況。',
  },
  reference: {
    coalescing:
      '{{gpu}} 參考值（{{date}}，每次分派 {{bytes}}；不是這個 GPU）：透過 wgpu（Firefox 的引擎），跨步讀取用時是合併讀取的 {{wgpu}} 倍；透過 Dawn（Chrome 的引擎）是 {{dawn}} 倍；合併讀取分別達到 {{wgpuGbs}} 和 {{dawnGbs}} GB/s。每個段的其餘部分由快取提供給隨後的讀取，所以代價遠低於模型的 32 個段。',
    banks:
      '{{gpu}} 參考值（{{date}}；不是這個 GPU）：按行讀取用時是按列讀取的 {{wgpu}} 倍（wgpu）和 {{dawn}} 倍（Dawn）；間距填充到 33 後為 {{wgpuPad}} 倍和 {{dawnPad}} 倍。有衝突的讀取在兩個引擎上都是 {{columns}} 毫秒（硬體把它序列化）；無衝突的讀取透過 wgpu 比透過 Dawn 慢 {{rowsRatio}} 倍，所以這個比值既取決於 bank，也取決於引擎產生的程式碼。',
  },
  noRatioUntrusted: '不給出比值：{{why}}。',
  noRatioMismatch: '不給出比值：有探針的和與參考不一致。',
  sizeCoalescing: '每次分派：{{groups}} 個工作群組，每組 {{wg}} 個叫用，把 {{bytes}} 各讀一遍（每個叫用 32 個字）。',
  sizeBanks: '每次分派：{{groups}} 個工作群組，每組 {{wg}} 個叫用，每個叫用從工作群組記憶體中的 32×32 塊讀取 {{reads}} 個字（共 {{bytes}}）。',
  pictureLabel: '{{what}}：一個請求的 {{lanes}} 個通道與{{slots}}',
  axisSegment: '段',
  axisBank: 'bank',
  lane: '通道',
  coalescing: {
    heading: '合併讀取與跨步讀取全域記憶體',
    map: {
      coalesced: '通道 i 讀取字 base + i。',
      strided: '通道 i 讀取字 base + 32·i。',
    },
    intro:
      '兩個核心程式讀取緩衝區中相同的字並求和，只有順序不同。合併：每一步通道 i 讀取字 base + i，32 個通道讀取同一個 128 位元組的段。跨步：通道 i 讀取字 base + 32·i，32 個通道觸及 32 個段，每段只用 4 個位元組。',
    kind: {
      coalesced: '合併（probe_coalesced）',
      strided: '跨步，相隔 32 個字（probe_strided）',
    },
    ratio: '在這個 GPU 上，讀取同樣的位元組，跨步讀取用時是合併讀取的 <b>{{ratio}} 倍</b>。',
    slots: '它觸及的 128 位元組段',
    caption: '{{lanes}} 個通道 → {{segments}} 個段：請求 {{used}}，模型中傳輸 {{moved}}。',
    explain:
      '對應階梯：樸素核心程式讓 x 沿 N 方向，相鄰叫用讀取 B 的相鄰元素、寫入 C 的相鄰元素（合併），而同一列的叫用讀取 A 的同一個元素（廣播）。分塊核心程式按叫用 (tx, ty) 讀取連續字的方式複製塊：每次塊載入都是合併的，之後每個字在工作群組記憶體中被重複使用。vec4 核心程式（reg8x8v 及以上）讓每次載入寬 16 位元組，一個請求覆蓋四倍的位元組；reg8x8db 寫入 C 的相鄰 vec4（每條儲存指令 256 個連續位元組）。核心程式若把叫用對映到列而不是行，就會得到跨步的存取模式；快取可能吸收一部分代價（後續步驟會讀取每個段的其餘部分），所以實測比值可能遠小於模型中的 32 個段。',
  },
  banks: {
    heading: '有無 bank 衝突的工作群組記憶體讀取',
    map: {
      rows: '通道 l 讀取字 32·c + l：bank l。',
      columns: '通道 l 讀取字 32·l + c：所有通道都在 bank c。',
      padded: '通道 l 讀取字 33·l + c：bank (l + c) mod 32。',
    },
    intro:
      '三個核心程式把同一個 32×32 塊複製到工作群組記憶體並多次讀取。按列：32 個通道讀取一個儲存列（32 個相鄰字，每個 bank 一個）。按行：它們以 32 個字的間距讀取一個儲存行，所有字都在同一個 bank，在模型中這 32 次讀取依次完成。填充：同樣按行讀取，但間距為 33 個字；每列錯開一個 bank，衝突消失，代價是每列一個不用的字。',
    kind: {
      rows: '按列，無衝突（probe_banks_rows）',
      columns: '按行，間距 32：有衝突（probe_banks_columns）',
      padded: '按行，間距 33：填充（probe_banks_columns）',
    },
    ratio: '在這個 GPU 上，按行讀取用時是按列讀取的 <b>{{conflict}} 倍</b>；間距填充到 33 後為 <b>{{padded}} 倍</b>。',
    slots: '32 個 bank',
    caption: '{{lanes}} 個通道 → 最忙的 bank 有 {{ways}} 個不同的字：模型中需要 {{ways}} 輪。',
    ways: '×{{n}}',
    explain:
      '對應階梯：分塊核心程式讀取 As[ty][k]（整列叫用讀同一個字：廣播，無衝突）和 Bs[k][tx]（相鄰字：無衝突）。reg4x4 和 reg8x8 把 A 塊轉置後儲存，使內層迴圈沿儲存列讀取 A，而不是沿行讀取——正是這些探針中的轉置。reg8x8db 更進一步：每個叫用負責第 4·ty… 列和第 64 + 4·ty… 列，而不是連續的八列，於是相鄰叫用讀取工作群組記憶體中相鄰的 vec4。像第三個探針那樣把間距填充到 33 是另一種經典做法；各級核心程式則是直接避免按行讀取。',
  },
} as const;
