import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { messagesEnUS } from './en-US.ts';

export const messagesTW: DeepStringify<typeof messagesEnUS> = {
  newMessage: '新訊息',
  detail: '訊息',
  open: '前往處理',
  markAllRead: '全部標為已讀',
  allKinds: '全部類型',
  kind: '類型',
  empty: '目前沒有訊息',
  tabs: { unread: '未讀', read: '已讀', all: '全部' },
  kinds: {
    system: '系統',
    contract: '合約',
    order: '訂單',
    delivery: '送貨',
    qualification: '資格',
  },
  emailEnabled: '電子郵件通知',
  emailHint: '每則新訊息同時寄到您的電子郵件信箱。',
  mutedKinds: '勿擾類型',
  mutedHint: '這些類型的訊息仍會保留在清單中，但不再跳出提醒。',
  settingsNote: '以上設定僅適用於您在目前企業中的帳號。',
};
