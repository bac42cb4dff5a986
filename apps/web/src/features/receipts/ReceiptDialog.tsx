import { MASK, type ReceiptDetail, type ReceiptLine } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '../../lib/numbers.ts';
import { receiptKeys, receiptsApi } from './receipts.api.ts';

/**
 * A warehousing receipt: what went into the warehouse, at the order's prices, each line and the whole
 * split into excluding tax, tax and including tax (masked without view-price).
 */
export function ReceiptDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: receiptKeys.receipt(id), queryFn: () => receiptsApi.receipt(id) });
  const r = query.data;
  return (
    <Modal open width="60%" footer={null} title={r?.receiptNo ?? t('receipts.fields.receiptNo')} onCancel={onClose}>
      {r ? <ReceiptView receipt={r} /> : <Skeleton active />}
    </Modal>
  );
}

/** Shown at the places of the receipt's orders, as the server rounded it. */
function ReceiptView({ receipt: r }: { receipt: ReceiptDetail }) {
  const { t } = useTranslation();
  const { fmt, money, rate } = numberFormat(r.decimalPlaces);
  // The lines of one delivery note are in the currency of their orders.
  const currency = r.lines[0]?.currency ?? '';
  const amount = (v: string) => fmt(v, 'amount');
  return (
    <>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('receipts.fields.noteNo')}>{r.noteNo}</Descriptions.Item>
        <Descriptions.Item label={t('receipts.fields.warehouse')}>{r.warehouseName}</Descriptions.Item>
        <Descriptions.Item label={t('receipts.receipt.date')}>{r.receiptDate}</Descriptions.Item>
        <Descriptions.Item label={t('receipts.fields.totalQty')}>{fmt(r.totalQty, 'quantity')}</Descriptions.Item>
        <Descriptions.Item label={t('receipts.receipt.totalAmount')}>
          {money(r.totalAmount, currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('receipts.receipt.taxBreakdown')}>
          {r.totalTaxAmount === MASK
            ? MASK
            : t('receipts.receipt.taxBreakdownValue', {
                excl: amount(r.totalAmountExcl),
                tax: amount(r.totalTaxAmount),
                incl: amount(r.totalAmountIncl),
                currency,
              })}
        </Descriptions.Item>
      </Descriptions>
      <Table<ReceiptLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={r.lines}
        scroll={{ x: 1200 }}
        columns={[
          { key: 'lineNo', title: t('receipts.fields.lineNo'), dataIndex: 'lineNo', width: 50, align: 'right' },
          { key: 'orderNo', title: t('receipts.fields.orderNo'), dataIndex: 'orderNo', width: 140 },
          { key: 'prdtNo', title: t('receipts.fields.prdtNo'), dataIndex: 'prdtNo', width: 120 },
          { key: 'prdtName', title: t('receipts.fields.prdtName'), dataIndex: 'prdtName', ellipsis: true },
          {
            key: 'qty',
            title: t('receipts.receipt.qty'),
            dataIndex: 'qty',
            width: 90,
            align: 'right',
            render: (v: string) => fmt(v, 'quantity'),
          },
          {
            key: 'price',
            title: t('receipts.receipt.price'),
            dataIndex: 'price',
            width: 100,
            align: 'right',
            render: (v: string) => fmt(v, 'price'),
          },
          {
            key: 'taxRate',
            title: t('receipts.receipt.taxRate'),
            dataIndex: 'taxRate',
            width: 80,
            align: 'right',
            render: rate,
          },
          ...(['amountExcl', 'taxAmount', 'amountIncl'] as const).map((key) => ({
            key,
            title: t(`receipts.receipt.${key}`),
            dataIndex: key,
            width: 110,
            align: 'right' as const,
            render: amount,
          })),
          { key: 'dueDate', title: t('receipts.fields.dueDate'), dataIndex: 'dueDate', width: 100 },
          { key: 'arrivalDate', title: t('receipts.receipt.arrivalDate'), dataIndex: 'arrivalDate', width: 100 },
        ]}
      />
    </>
  );
}
