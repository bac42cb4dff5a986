import {
  addDecimals,
  compareDecimals,
  type DecimalPlaces,
  type DeliveryNoteLine,
  INSPECTION_REASON_CODES,
  subtractDecimals,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Descriptions, Form, Input, Modal, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { receiptKeys, receiptsApi } from './receipts.api.ts';

/** Quantities as decimal text, sent as typed (issue 16). */
interface Values {
  qualifiedQty?: string | null;
  unqualifiedQty?: string | null;
  reasonCode?: string;
  reason?: string;
}

export type InspectionProblem = 'nothingOpen' | 'sumMismatch';

/**
 * The inspector's result must account for everything received and not yet inspected: qualified plus
 * unqualified equals that quantity exactly (money module, no JS numbers). The server accepts less (a
 * sample first); the dialog asks for the whole result so nothing is passed as qualified unexamined.
 */
export function inspectionProblem(
  result: { qualified: string; unqualified: string },
  open: string,
  places: number,
): InspectionProblem | null {
  if (compareDecimals(open, '0') <= 0) return 'nothingOpen';
  const inspected = addDecimals(result.qualified, result.unqualified, places);
  return compareDecimals(inspected, open) === 0 ? null : 'sumMismatch';
}

/**
 * One inspection of one line (another follows when more is received): the inspector enters the
 * qualified and the unqualified quantity, nothing is pre-filled, and a reason from the fixed list plus a
 * description as soon as anything is unqualified. The server checks the same rules; the dialog says so
 * before sending.
 */
export function InspectionDialog({
  noteId,
  line,
  places,
  onClose,
}: {
  noteId: string;
  line: DeliveryNoteLine;
  places: DecimalPlaces;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { fmt } = useNumbers(places);
  const qty = (v: string) => fmt(v, 'quantity');
  const sum = (a: string | null | undefined, b: string | null | undefined) =>
    addDecimals(a || '0', b || '0', places.quantity);
  const rejects = (v: string | null | undefined) => compareDecimals(v || '0', '0') > 0;
  const inspected = sum(line.qualifiedQty, line.unqualifiedQty);
  const open = subtractDecimals(line.receivedQty, inspected, places.quantity);

  const save = useMutation({
    mutationFn: (v: Values) =>
      receiptsApi.inspect(noteId, {
        lineId: line.id,
        qualifiedQty: v.qualifiedQty || '0',
        unqualifiedQty: v.unqualifiedQty || '0',
        reasonCode: rejects(v.unqualifiedQty) ? (v.reasonCode as never) : undefined,
        reason: rejects(v.unqualifiedQty) ? (v.reason ?? '') : '',
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: receiptKeys.deliveryNotice(noteId) });
      message.success(t('receipts.done.inspect'));
      onClose();
    },
    meta: { form },
  });

  // Only required once something is rejected; checked at submit, when the quantities are final.
  const reasonRule = ({ getFieldValue }: { getFieldValue: (n: keyof Values) => unknown }) => ({
    validator: (_: unknown, value: unknown) =>
      rejects(getFieldValue('unqualifiedQty') as string | null) && !(typeof value === 'string' && value.trim())
        ? Promise.reject(new Error(t('receipts.inspection.reasonRequired')))
        : Promise.resolve(),
  });

  const filled = (v: unknown): v is string => typeof v === 'string' && v !== '';
  const required = { required: true, message: t('receipts.inspection.qtyRequired') };
  // Both quantities are the inspector's to enter; once both are there, their sum is checked beside the
  // second, and again whenever the first changes.
  const sumRule = ({ getFieldValue }: { getFieldValue: (n: keyof Values) => unknown }) => ({
    validator: (_: unknown, unqualified: unknown) => {
      const qualified = getFieldValue('qualifiedQty');
      if (!filled(qualified) || !filled(unqualified)) return Promise.resolve();
      const problem = inspectionProblem({ qualified, unqualified }, open, places.quantity);
      return problem
        ? Promise.reject(new Error(t(`receipts.inspection.${problem}`, { open: qty(open) })))
        : Promise.resolve();
    },
  });

  return (
    <Modal
      open
      width="50%"
      maskClosable={false}
      title={t('receipts.inspection.title', { lineNo: line.lineNo, prdtNo: line.prdtNo })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('receipts.inspection.received')}>{qty(line.receivedQty)}</Descriptions.Item>
        <Descriptions.Item label={t('receipts.inspection.inspected')}>{qty(inspected)}</Descriptions.Item>
        <Descriptions.Item label={t('receipts.inspection.open')}>{qty(open)}</Descriptions.Item>
      </Descriptions>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        <Space wrap align="start" size="middle">
          <Form.Item name="qualifiedQty" label={t('receipts.inspection.qualifiedQty')} rules={[required]}>
            <DecimalInput places={places.quantity} min="0" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="unqualifiedQty"
            label={t('receipts.inspection.unqualifiedQty')}
            dependencies={['qualifiedQty']}
            rules={[required, sumRule]}
          >
            <DecimalInput places={places.quantity} min="0" style={{ width: 200 }} />
          </Form.Item>
        </Space>
        <Form.Item
          name="reasonCode"
          label={t('receipts.inspection.reasonCode')}
          dependencies={['unqualifiedQty']}
          rules={[reasonRule]}
        >
          <Select
            allowClear
            options={INSPECTION_REASON_CODES.map((c) => ({ value: c, label: t(`receipts.reasons.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('receipts.inspection.reason')}
          dependencies={['unqualifiedQty']}
          rules={[reasonRule]}
        >
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
      {line.inspections.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          title={() => t('receipts.inspection.history')}
          pagination={false}
          dataSource={line.inspections}
          columns={[
            { key: 'seq', title: t('receipts.inspection.seq'), dataIndex: 'seq', width: 50 },
            {
              key: 'qualifiedQty',
              title: t('receipts.fields.qualifiedQty'),
              dataIndex: 'qualifiedQty',
              align: 'right',
              render: qty,
            },
            {
              key: 'unqualifiedQty',
              title: t('receipts.fields.unqualifiedQty'),
              dataIndex: 'unqualifiedQty',
              align: 'right',
              render: qty,
            },
            {
              key: 'reason',
              title: t('receipts.inspection.reasonCode'),
              render: (_v, r) =>
                r.reasonCode
                  ? `${(INSPECTION_REASON_CODES as readonly string[]).includes(r.reasonCode) ? t(`receipts.reasons.${r.reasonCode as 'other'}`) : r.reasonCode}${r.reason ? ` · ${r.reason}` : ''}`
                  : '',
            },
            { key: 'inspector', title: t('receipts.inspection.inspector'), dataIndex: 'inspectorName' },
            {
              key: 'inspectedAt',
              title: t('receipts.inspection.inspectedAt'),
              dataIndex: 'inspectedAt',
              render: formatDateTime,
            },
          ]}
        />
      )}
    </Modal>
  );
}
