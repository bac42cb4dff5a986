import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { contractsEnUS } from './en-US.ts';

export const contractsTW: DeepStringify<typeof contractsEnUS> = {
  statuses: {
    draft: '草稿',
    sent: '待簽署',
    signed: '供應商已簽署',
    returned: '已退回',
    effective: '已生效',
    expired: '已到期',
    terminated: '已終止',
    cancelled: '已取消',
  },
};
