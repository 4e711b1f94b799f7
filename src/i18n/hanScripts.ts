/**
 * What a reader of 繁體中文 (zh-TW) should never meet: characters that exist only in Simplified
 * script, and the mainland's computing words where Taiwan says it otherwise (in Traditional
 * characters, as a converter would leave them). src/i18n/zhTW.test.ts checks the zh-TW catalogue
 * and code comments against both; e2e/i18n.spec.ts checks what every view shows.
 *
 * The characters: every Simplified character of the 简体中文 catalogue that a character-level
 * Simplified→Traditional conversion changes, less those that are also ordinary Traditional
 * characters (后 empress, 里 mile, 干 in 干擾, 于, 余, 范, 几, 么, 占, 准, 胜, 采, 价, 朴, 台, 划),
 * and a few common ones the catalogue does not use yet.
 */
export const kSimplifiedOnly =
  '简体测试扫个阵问题点单运样计时预热并与参结对验证过缓冲区会复给内块宽数动开进组课阶级选择错误图线条隐显随变据现机标记绘画虚圆为较从仅调备离间无这带链检远赖两顺统当钟长携浏览声旧种读达设报决评规则约盖异别请墙储绑发应经务败签驱没厂构户导历录还页删该关闭视来损坏实们见阅获边贴独类让断压顶层须写满许项称键输处适归积网树总围终径踪跃负责维载毕暂缘码连着栏练习语资横纵确绪软详细认绕启丢拟击话销毁创术刚传将吗继续访状说匀换闲况员双义学强执编译锁环节亲辑缩桩绝护转邻减针档触广骤轮夹论担颈础补优迟临盘齐乱频队谨黄属阴浅红够叠极轴询号产悬颜蓝侧滚际灯讲东车马鸟书买卖贝风飞门';

/**
 * Mainland computing words, as they look in Traditional characters, and what Taiwan says
 * (the glossary gives the mainland word in a parenthesis starting 大陸, which the checks skip).
 */
export const kMainlandOnly: Readonly<Record<string, string>> = {
  內存: '記憶體', 線程: '執行緒', 內核: '核心程式', 性能: '效能', 軟件: '軟體', 硬件: '硬體', 默認: '預設', 數據: '資料', 網絡: '網路', 信息: '資訊 / 訊息',
  視頻: '影片', 屏幕: '螢幕', 調用: '叫用 / 呼叫', 訪問: '存取', 緩存: '快取', 寄存器: '暫存器', 視圖: '檢視', 全局: '全域', 字節: '位元組', 質量: '品質',
  優化: '最佳化', 算法: '演算法', 標量: '純量', 代碼: '程式碼', 用戶: '使用者', 服務器: '伺服器', 加載: '載入', 運行: '執行', 鏈接: '連結', 設置: '設定',
  行主序: '列優先', 顯存: '顯示記憶體', 帶寬: '頻寬', 分辨率: '解析度', 接口: '介面', 對象: '物件', 變量: '變數', 函數: '函式', 常量: '常數', 字符: '字元',
  適配器: '介面卡', 當前: '目前', 高亮: '醒目標示', 快捷鍵: '快速鍵', 獲取: '取得', 兼容: '相容', 存儲: '儲存', 創建: '建立', 文件夾: '資料夾', 程序員: '程式設計師',
  共享內存: '共享記憶體', 支持: '支援', 噪聲: '雜訊', 置信區間: '信賴區間', 採樣: '取樣', 跟蹤: '追蹤', 全屏: '全螢幕', 計算機: '電腦', 幻燈片: '投影片', 文本: '文字',
  地址: '網址 / 位址', 內置: '內建', 調試: '除錯', 菜單: '選單', 鼠標: '滑鼠', 窗口: '視窗', 打印: '列印', 導出: '匯出', 示例: '範例', 教程: '教學',
  工作組: '工作群組', 子組: '子群組', 調優: '調校', 激活: '啟用', 數組: '陣列', 本地記憶體: '區域記憶體', 芯片: '晶片', 顯卡: '顯示卡',
  模塊: '模組', 插件: '外掛', 進程: '行程', 哈希: '雜湊', 矢量: '向量', 回調: '回呼', 字段: '欄位', 缺省: '預設', 控件: '控制項', 源碼: '原始碼', 調度: '分派', 死循環: '無窮迴圈', 腳本: '指令碼',
};

/** Taiwan's words that contain a mainland word (演算法 holds 算法): left out before looking for the mainland's. */
const kTaiwanHolding = ['演算法'];

/** A text without its mainland glosses (the parentheses that start 大陸: the glossary's "（大陸：內核）") and without kTaiwanHolding. */
export const withoutMainlandGloss = (s: string) => kTaiwanHolding.reduce((t, w) => t.split(w).join(''), s.replace(/（大陸[^）]*）/g, ''));
