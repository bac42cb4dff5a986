import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { moneyFindingsEnUS } from './en-US.ts';

export const moneyFindingsTW: DeepStringify<typeof moneyFindingsEnUS> = {
  title: '金額重算報告',
  description:
    '在採用精確小數計算之前，訂單與入庫單的行金額以浮點數計算，約每 370 行就有一行少 1 分。尚未達成一致的單據已依精確金額重算；已達成一致的單據保留雙方確認的金額，其中與精確金額不符的每一筆金額都列於此處。',
  filter: {
    kind: '單據類型',
    documentNo: '單據號碼',
    documentNoPlaceholder: '單據號碼的一部分',
  },
  kinds: {
    purchaseOrder: '採購訂單',
    receipt: '入庫單',
    reconciliation: '對帳單',
  },
  columns: {
    documentNo: '單據號碼',
    kind: '單據類型',
    line: '項次',
    oldAmount: '原金額',
    exactAmount: '精確金額',
    difference: '差額',
  },
  total: '合計',
  empty: '沒有與精確金額不符的已確認單據',
  emptyHint: '清除或放寬篩選條件以檢視全部結果。',
  loadFailed: '無法載入報告：{{reason}}',
  section: {
    title: '金額精確重算',
    text: '已確認單據中與精確金額不符的金額已列出，供您核對。',
    open: '檢視報告',
  },
};
