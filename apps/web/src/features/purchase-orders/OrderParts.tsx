import type { PurchaseOrderHistoryEntry } from '@concord/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Table, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { messageKeys } from '../messages/messages.api.ts';
import { orderKeys, ordersApi } from './purchase-orders.api.ts';

/** The revision number as a purple tag (UI.md: purple = changed/revised) once the order was changed. */
export function RevisionTag({ revision }: { revision: number }) {
  const { t } = useTranslation();
  return revision > 1 ? <Tag color="purple">{`${t('purchaseOrders.fields.revision')} ${revision}`}</Tag> : null;
}

/** The form options (suppliers, customers, dictionaries, warehouses); one query for every screen. */
export function useOrderOptions(enabled = true) {
  return useQuery({ queryKey: orderKeys.options, queryFn: ordersApi.options, enabled, staleTime: 60_000 });
}

/** Both sides' log entries of the document, oldest first. */
export function HistoryTable({ entries }: { entries: PurchaseOrderHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <Table<PurchaseOrderHistoryEntry>
      rowKey={(r, i) => `${r.at}-${i}`}
      size="small"
      pagination={false}
      dataSource={entries}
      locale={{ emptyText: <Empty description={t('purchaseOrders.detail.noHistory')} /> }}
      columns={[
        { key: 'at', title: t('purchaseOrders.detail.historyAt'), dataIndex: 'at', width: 170, render: formatDateTime },
        {
          key: 'party',
          title: t('purchaseOrders.detail.historySide'),
          width: 180,
          ellipsis: { showTitle: true },
          render: (_v, r) => (r.own ? t('history.own') : r.party),
        },
        { key: 'actor', title: t('purchaseOrders.detail.historyUser'), dataIndex: 'actor', width: 140 },
        { key: 'summary', title: t('purchaseOrders.detail.historyWhat'), dataIndex: 'summary' },
      ]}
    />
  );
}

/**
 * The other side's steps arrive as messages over the websocket, which updates the unread count; the
 * order screens reload when it changes, so a sent order or an answer shows up without a refresh.
 */
export function useRefreshOnPush(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        const key = event.query.queryKey;
        if (key[0] === messageKeys.count[0] && key[1] === messageKeys.count[1]) {
          void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        }
      }),
    [queryClient],
  );
}
