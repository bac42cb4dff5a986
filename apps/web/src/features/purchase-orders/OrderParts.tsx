import {
  type DecimalPlaces,
  PURCHASE_ORDER_LINE_STATUS as LS,
  lineAmount,
  MASK,
  type PurchaseOrderHistoryEntry,
  type PurchaseOrderLine,
} from '@concord/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Table, Tag, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/numbers.ts';
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

/** One figure of a counter-proposal: the ordered value, and what the supplier proposes when it differs. */
function Proposed({ label, from, to }: { label: string; from: string; to: string }) {
  return (
    <>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span>
        {from === to ? (
          to
        ) : (
          <>
            <Typography.Text delete type="secondary">
              {from}
            </Typography.Text>
            {' → '}
            <Typography.Text strong>{to}</Typography.Text>
          </>
        )}
      </span>
    </>
  );
}

/**
 * The supplier's answer to a line (UI.md: an Accept/Reject stands next to what it accepts): a
 * counter-proposal as ordered → proposed quantity and date and the amount that quantity comes to at
 * the line's price (the supplier proposes no price; accepting recomputes the amount); a confirmation
 * as its quantity and date; the supplier's remark under either.
 */
export function SupplierAnswer({ line: l, places }: { line: PurchaseOrderLine; places: DecimalPlaces }) {
  const { t } = useTranslation();
  const { fmt } = numberFormat(places);
  const remark = l.supplierRemark ? (
    <Typography.Text type="secondary" ellipsis={{ tooltip: l.supplierRemark }} style={{ display: 'block' }}>
      {l.supplierRemark}
    </Typography.Text>
  ) : null;
  let answer: ReactNode = null;
  if (l.status === LS.PROPOSED) {
    const qty = l.proposedQty ?? l.qty;
    const amount = l.price === MASK ? MASK : lineAmount(qty, l.price, places.amount);
    answer = (
      <div className="order-proposal" style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 6 }}>
        <Proposed label={t('purchaseOrders.answer.qty')} from={fmt(l.qty, 'quantity')} to={fmt(qty, 'quantity')} />
        <Proposed
          label={t('purchaseOrders.answer.date')}
          from={l.requestedDate}
          to={l.proposedDate ?? l.requestedDate}
        />
        <Proposed label={t('purchaseOrders.answer.amount')} from={fmt(l.amount, 'amount')} to={fmt(amount, 'amount')} />
      </div>
    );
  } else if (l.confirmedQty !== null) {
    answer = t('purchaseOrders.detail.proposalText', {
      qty: fmt(l.confirmedQty, 'quantity'),
      date: l.confirmedDate ?? '',
    });
  }
  return (
    <>
      {answer}
      {remark}
    </>
  );
}
