import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { messagesEnUS } from './en-US.ts';

export const messagesCN: DeepStringify<typeof messagesEnUS> = {
  newMessage: '新消息',
  detail: '消息',
  open: '前往处理',
  markAllRead: '全部已读',
  allKinds: '全部类型',
  kind: '类型',
  empty: '暂无消息',
  tabs: { unread: '未读', read: '已读', all: '全部' },
  kinds: {
    system: '系统',
    contract: '合同',
    order: '订单',
    delivery: '送货',
    qualification: '资质',
  },
  emailEnabled: '邮件通知',
  emailHint: '每条新消息同时发送到您的邮箱。',
  mutedKinds: '免打扰类型',
  mutedHint: '这些类型的消息仍会保存在列表中，但不再弹出提醒。',
  settingsNote: '以上设置仅对您在当前企业生效。',
};
