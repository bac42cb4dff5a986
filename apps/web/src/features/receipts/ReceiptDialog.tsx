import { formatDecimal, MASK, type ReceiptLine } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Skeleton, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { receiptKeys, receiptsApi } from './receipts.api.ts';

const shown = (v: string, places: number) => (v === MASK ? MASK : formatDecimal(v, places));

/** A warehousing receipt: what went into the warehouse, at the order's prices (masked without view-price). */
export function ReceiptDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: receiptKeys.receipt(id), queryFn: () => receiptsApi.receipt(id) });
  const r = query.data;
  const p = r?.decimalPlaces ?? { quantity: 2, price: 4, amount: 2 };
  return (
    <Modal open width="60%" footer={null} title={r?.receiptNo ?? t('receipts.fields.receiptNo')} onCancel={onClose}>
      {!r ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('receipts.fields.noteNo')}>{r.noteNo}</Descriptions.Item>
            <Descriptions.Item label={t('receipts.fields.warehouse')}>{r.warehouseName}</Descriptions.Item>
            <Descriptions.Item label={t('receipts.receipt.date')}>{r.receiptDate}</Descriptions.Item>
            <Descriptions.Item label={t('receipts.fields.totalQty')}>{shown(r.totalQty, p.quantity)}</Descriptions.Item>
            <Descriptions.Item label={t('receipts.receipt.totalAmount')}>
              {shown(r.totalAmount, p.amount)}
            </Descriptions.Item>
          </Descriptions>
          <Table<ReceiptLine>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={r.lines}
            scroll={{ x: 900 }}
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
                render: (v: string) => shown(v, p.quantity),
              },
              {
                key: 'price',
                title: t('receipts.receipt.price'),
                dataIndex: 'price',
                width: 100,
                align: 'right',
                render: (v: string) => shown(v, p.price),
              },
              {
                key: 'amount',
                title: t('receipts.receipt.amount'),
                dataIndex: 'amount',
                width: 110,
                align: 'right',
                render: (v: string) => shown(v, p.amount),
              },
              { key: 'dueDate', title: t('receipts.fields.dueDate'), dataIndex: 'dueDate', width: 100 },
              { key: 'arrivalDate', title: t('receipts.receipt.arrivalDate'), dataIndex: 'arrivalDate', width: 100 },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
