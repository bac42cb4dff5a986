import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { moneyFindingsEnUS } from './en-US.ts';

export const moneyFindingsCN: DeepStringify<typeof moneyFindingsEnUS> = {
  title: '金额重算报告',
  description:
    '在采用精确小数计算之前，订单和入库单的行金额按浮点数计算，约每 370 行就有一行少 1 分。尚未达成一致的单据已按精确金额重算；已达成一致的单据保留双方确认的金额，其中与精确金额不符的每一项金额都列在这里。',
  filter: {
    kind: '单据类型',
    documentNo: '单据号',
    documentNoPlaceholder: '单据号的一部分',
  },
  kinds: {
    purchaseOrder: '采购订单',
    receipt: '入库单',
    reconciliation: '对账单',
  },
  columns: {
    documentNo: '单据号',
    kind: '单据类型',
    line: '行号',
    oldAmount: '原金额',
    exactAmount: '精确金额',
    difference: '差额',
  },
  total: '合计',
  empty: '没有与精确金额不符的已确认单据',
  emptyHint: '清除或放宽筛选条件以查看全部结果。',
  loadFailed: '无法加载报告：{{reason}}',
  section: {
    title: '金额精确重算',
    text: '已确认单据中与精确金额不符的金额已列出，供您核查。',
    open: '查看报告',
  },
};
