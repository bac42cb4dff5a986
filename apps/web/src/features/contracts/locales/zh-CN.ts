import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { contractsEnUS } from './en-US.ts';

export const contractsCN: DeepStringify<typeof contractsEnUS> = {
  statuses: {
    draft: '草稿',
    sent: '待签署',
    signed: '供应商已签署',
    returned: '已退回',
    effective: '已生效',
    expired: '已到期',
    terminated: '已终止',
    cancelled: '已取消',
  },
};
