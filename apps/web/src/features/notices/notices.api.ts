import type {
  ListResult,
  NoticeAction,
  NoticeBuyerDetail,
  NoticeCreateInput,
  NoticeDetail,
  NoticeListItem,
  NoticeRecipientAction,
  NoticeRecipientActionInput,
  NoticeRecipientOptions,
  NoticeRecipientRow,
  NoticeSaveResult,
  NoticeUpdateInput,
  ReceivedNoticeListItem,
} from '@concord/shared';
import { http } from '../../api/http.ts';

export interface SentNoticeFilter {
  keyword?: string;
  status?: number;
}

export interface ReceivedNoticeFilter {
  keyword?: string;
  recipientStatus?: number;
}

export const noticeKeys = {
  all: ['notices'] as const,
  sent: (filter: SentNoticeFilter, page: number, size: number) => ['notices', 'sent', filter, page, size] as const,
  received: (filter: ReceivedNoticeFilter, page: number, size: number) =>
    ['notices', 'received', filter, page, size] as const,
  detail: (id: string) => ['notices', 'detail', id] as const,
  options: ['notices', 'recipient-options'] as const,
};

const BASE = '/srm/notices';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

export const noticesApi = {
  listSent: (filter: SentNoticeFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<NoticeListItem>>(
      `${BASE}/list`,
      { filter: { ...filter, side: 'buyer' }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  listReceived: (filter: ReceivedNoticeFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<ReceivedNoticeListItem>>(
      `${BASE}/list`,
      { filter: { ...filter, side: 'supplier' }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  get: (id: string) => http.get<NoticeDetail>(`${BASE}/${id}`),
  recipientOptions: () => http.get<NoticeRecipientOptions>(`${BASE}/recipient-options`),
  create: (input: NoticeCreateInput) => http.post<NoticeSaveResult>(BASE, input),
  update: (id: string, input: NoticeUpdateInput) => http.put<NoticeSaveResult>(`${BASE}/${id}`, input),
  act: (id: string, action: NoticeAction) =>
    http.post<{ notice: NoticeBuyerDetail; emailed: number }>(`${BASE}/${id}/actions/${action}`),
  actOnRecipient: (
    id: string,
    recipientId: string,
    action: NoticeRecipientAction,
    body: NoticeRecipientActionInput = {},
  ) => http.post<NoticeRecipientRow>(`${BASE}/${id}/recipients/${recipientId}/actions/${action}`, body),
};

export const sentNoticePath = (id: string) => `/supplier/supnotificate/detail?id=${id}`;
export const editNoticePath = (id: string) => `/supplier/newannounce?id=${id}`;
export const receivedNoticePath = (id: string) => `/sale/custnotificate/detail?id=${id}`;
export const replyNoticePath = (id: string) => `/sale/custnotificate/newannounce?id=${id}`;
