import type { ListResult, MessageItem, MessageKind, MessageSettings } from '@concord/shared';
import { http } from '../../api/http.ts';

export type ReadFilter = 'unread' | 'read' | 'all';

export interface MessageQuery {
  pageNum: number;
  pageSize: number;
  read: ReadFilter;
  kind?: MessageKind;
}

export const messageKeys = {
  all: ['messages'] as const,
  count: ['messages', 'count'] as const,
  list: (q: MessageQuery) => ['messages', 'list', q] as const,
  settings: ['messages', 'settings'] as const,
};

export const messagesApi = {
  count: () => http.get<number>('/admin/message/myMsgCount'),
  list: (q: MessageQuery) =>
    http.get<ListResult<MessageItem>>('/admin/message/myMsg', {
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      isRead: q.read === 'all' ? undefined : String(q.read === 'read'),
      kind: q.kind,
    }),
  read: (id: string) => http.get<MessageItem>(`/admin/message/${id}`),
  readAll: () => http.post<null>('/admin/message/readAll'),
  settings: () => http.get<MessageSettings>('/admin/message/settings'),
  saveSettings: (settings: MessageSettings) => http.put<MessageSettings>('/admin/message/settings', settings),
};
