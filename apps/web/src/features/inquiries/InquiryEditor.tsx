import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  DECIMAL_TEXT,
  INQUIRY_MAX_ATTACHMENTS,
  type InquiryCreateInput,
  type InquiryDetail,
  type InquiryInviteeOptions,
  type MaterialOption,
  type UploadedFileRef,
  validationMessage,
} from '@concord/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Card, DatePicker, Form, Input, Select, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { type LineColumn, LineTable } from '../../components/LineTable.tsx';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLeaveGuard } from '../../lib/useLeaveGuard.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { MaterialPicker } from '../materials/MaterialPicker.tsx';
import { useOrderOptions } from '../purchase-orders/OrderParts.tsx';
import { CellError, lineErrorsOf, reportRest } from '../receiving-plans/parts.tsx';
import { tooSoon } from './InquiryDetailPage.tsx';
import { INQUIRY_PATHS, inquiriesApi, inquiryKeys, inquiryPath } from './inquiries.api.ts';

interface HeaderValues {
  title: string;
  supplierIds: string[];
  quoteDeadline?: Dayjs | null;
  sealed: boolean;
  currency: string;
  taxIncluded: boolean;
  paymentTerms: string;
  deliveryAddress: string;
  remarks: string;
  attachments: UploadedFileRef[];
}

/** An invitee as the form offers it: how many of the lines' materials it is approved for. */
export interface InviteeChoice {
  id: string;
  supCode: string;
  supName: string;
  offline: boolean;
  approvedFor: number;
}

/**
 * The invitable suppliers, those approved for more of the lines' materials first (spec §3 approved
 * suppliers per material), then by code as the server lists them.
 */
export function inviteeChoices(options: InquiryInviteeOptions | undefined): InviteeChoice[] {
  if (!options) return [];
  const approvedFor = new Map<string, Set<string>>();
  for (const a of options.approved) {
    const set = approvedFor.get(a.supplierId) ?? new Set<string>();
    set.add(a.materialId);
    approvedFor.set(a.supplierId, set);
  }
  return options.suppliers
    .map((s, i) => ({ ...s, approvedFor: approvedFor.get(s.id)?.size ?? 0, i }))
    .sort((a, b) => b.approvedFor - a.approvedFor || a.i - b.i)
    .map(({ i: _, ...s }) => s);
}

export interface EditLine {
  key: string;
  materialId: string | null;
  material: MaterialOption | null;
  qty: string | null;
  requiredDate: string | null;
  targetPrice: string | null;
  remark: string;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;
export const emptyLine = (): EditLine => ({
  key: newKey(),
  materialId: null,
  material: null,
  qty: null,
  requiredDate: null,
  targetPrice: null,
  remark: '',
});

/** The first line (numbered from 1) lacking a material, a positive quantity or a required date. */
export function firstIncompleteLine(lines: readonly EditLine[]): number | null {
  const i = lines.findIndex(
    (l) => !l.materialId || !l.qty || !DECIMAL_TEXT.test(l.qty) || Number(l.qty) <= 0 || !l.requiredDate,
  );
  return i < 0 ? null : i + 1;
}

const LINE_FIELDS = ['materialId', 'qty', 'requiredDate', 'targetPrice', 'remark'];

/** /prdiversion/inquirynote/add: a new inquiry under its own route title. */
export const NewInquiryPage = () => (
  <Card className="page-card">
    <InquiryEditor />
  </Card>
);

/** The buyer's form for a new inquiry or a draft: header, invited suppliers and lines. */
export function InquiryEditor({ inquiry }: { inquiry?: InquiryDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const options = useOrderOptions();
  const [form] = Form.useForm<HeaderValues>();
  const [lines, setLines] = useState<EditLine[]>(() =>
    inquiry
      ? inquiry.lines.map((l) => ({
          key: l.id,
          materialId: l.materialId,
          material: {
            id: l.materialId,
            prdtNo: l.prdtNo,
            prdtName: l.prdtName,
            prdtSpc: l.prdtSpc,
            poUnitNo: '',
            poUnitName: l.unitName,
            status: 1,
          } as MaterialOption,
          qty: l.qty,
          requiredDate: l.requiredDate,
          targetPrice: l.targetPrice,
          remark: l.remark,
        }))
      : [emptyLine()],
  );
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const places = inquiry?.decimalPlaces ?? options.data?.decimalPlaces ?? { quantity: 2, price: 4, amount: 2 };
  // The lines' materials, sorted, key the invitee query: approved suppliers follow the lines.
  const materialIds = useMemo(
    () => [...new Set(lines.flatMap((l) => (l.materialId ? [l.materialId] : [])))].sort(),
    [lines],
  );
  const invitees = useQuery({
    queryKey: inquiryKeys.invitees(materialIds.join(',')),
    queryFn: () => inquiriesApi.inviteeOptions(materialIds),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const choices = useMemo(() => inviteeChoices(invitees.data), [invitees.data]);
  useLeaveGuard(
    ({ currentLocation: from, nextLocation: to }) =>
      dirty && (from.pathname !== to.pathname || from.search !== to.search),
  );
  const creation = useIdempotencyKey();
  // The row keys of the lines as sent: the server names a refused cell by its index in that request.
  const sentKeys = useRef<string[]>([]);
  const save = useMutation({
    mutationFn: async ({ values, publish }: { values: HeaderValues; publish: boolean }) => {
      const input: InquiryCreateInput = {
        title: values.title,
        supplierIds: values.supplierIds ?? [],
        quoteDeadline: values.quoteDeadline ? values.quoteDeadline.toISOString() : null,
        sealed: values.sealed,
        currency: values.currency,
        taxIncluded: values.taxIncluded,
        paymentTerms: values.paymentTerms ?? '',
        deliveryAddress: values.deliveryAddress ?? '',
        remarks: values.remarks ?? '',
        attachments: values.attachments ?? [],
        lines: lines.map((l) => ({
          materialId: l.materialId ?? '',
          qty: l.qty ?? '',
          requiredDate: l.requiredDate ?? '',
          targetPrice: l.targetPrice || null,
          remark: l.remark,
        })),
      };
      const saved = inquiry
        ? await inquiriesApi.update(inquiry.id, { ...input, version: inquiry.version })
        : await inquiriesApi.create(input, creation.key);
      if (publish) await inquiriesApi.act(saved.id, 'publish', { version: saved.version });
      return saved;
    },
    onSuccess: async (saved) => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
      message.success(t('inquiries.done.saved', { inquiryNo: saved.inquiryNo }));
      // The blocker reads `dirty` from the render; navigate once the cleared state is committed.
      setTimeout(() => navigate(inquiryPath(saved.id), { replace: true }), 0);
    },
    meta: { silent: true },
    onError: (e) => {
      const { cells, rest } = lineErrorsOf(e, { rowKeys: sentKeys.current, fields: LINE_FIELDS }, form);
      setCellErrors(cells);
      reportRest(e, rest);
    },
  });

  const submit = async (publish: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const bad = lines.length === 0 ? 1 : firstIncompleteLine(lines);
    if (bad !== null) {
      message.error(t('inquiries.detail.lineRequired', { lineNo: bad }));
      return;
    }
    if (publish && tooSoon(values.quoteDeadline)) {
      form.setFields([{ name: 'quoteDeadline', errors: [t('inquiries.detail.deadlineHint')] }]);
      return;
    }
    sentKeys.current = lines.map((l) => l.key);
    setCellErrors({});
    save.mutate({ values, publish });
  };

  const patch = (key: string, change: Partial<EditLine>) => {
    setDirty(true);
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
    setCellErrors((all) => {
      const next = { ...all };
      for (const f of Object.keys(change)) delete next[`${key}.${f}`];
      return next;
    });
  };
  const cellName = (column: string, index: number) => t('lineTable.cell', { column, line: index + 1 });
  const columns: LineColumn<EditLine>[] = [
    { key: 'lineNo', title: t('inquiries.fields.lineNo'), width: 56, align: 'right', render: (_v, _l, i) => i + 1 },
    {
      key: 'material',
      title: t('inquiries.fields.material'),
      width: 300,
      render: (_v, l, i) => (
        <>
          <MaterialPicker
            value={l.materialId}
            initialOption={l.material}
            style={{ width: '100%' }}
            aria-label={cellName(t('inquiries.fields.material'), i)}
            onChange={(id, option) => patch(l.key, { materialId: id, material: option })}
          />
          <CellError message={cellErrors[`${l.key}.materialId`]} />
        </>
      ),
    },
    {
      key: 'qty',
      title: t('inquiries.fields.qty'),
      width: 140,
      render: (_v, l, i) => (
        <>
          <DecimalInput
            places={places.quantity}
            min="0"
            value={l.qty}
            style={{ width: '100%' }}
            aria-label={cellName(t('inquiries.fields.qty'), i)}
            onChange={(qty) => patch(l.key, { qty })}
          />
          <CellError message={cellErrors[`${l.key}.qty`]} />
        </>
      ),
    },
    {
      key: 'requiredDate',
      title: t('inquiries.fields.requiredDate'),
      width: 150,
      render: (_v, l, i) => (
        <>
          <DatePicker
            format={DATE_FORMAT}
            value={l.requiredDate ? dayjs(l.requiredDate) : null}
            aria-label={cellName(t('inquiries.fields.requiredDate'), i)}
            onChange={(d) => patch(l.key, { requiredDate: d ? d.format(DATE_FORMAT) : null })}
          />
          <CellError message={cellErrors[`${l.key}.requiredDate`]} />
        </>
      ),
    },
    {
      key: 'targetPrice',
      title: t('inquiries.fields.targetPrice'),
      width: 140,
      render: (_v, l, i) => (
        <>
          <DecimalInput
            places={places.price}
            min="0"
            value={l.targetPrice}
            style={{ width: '100%' }}
            aria-label={cellName(t('inquiries.fields.targetPrice'), i)}
            onChange={(targetPrice) => patch(l.key, { targetPrice })}
          />
          <CellError message={cellErrors[`${l.key}.targetPrice`]} />
        </>
      ),
    },
    {
      key: 'remark',
      title: t('inquiries.fields.remark'),
      width: 180,
      render: (_v, l, i) => (
        <Input
          value={l.remark}
          maxLength={500}
          aria-label={cellName(t('inquiries.fields.remark'), i)}
          onChange={(e) => patch(l.key, { remark: e.target.value })}
        />
      ),
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 90,
      render: (_v, l, i) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label={cellName(t('inquiries.actions.removeLine'), i)}
          disabled={lines.length === 1}
          onClick={() => {
            setDirty(true);
            setLines((all) => all.filter((x) => x.key !== l.key));
          }}
        >
          {t('inquiries.actions.removeLine')}
        </Button>
      ),
    },
  ];
  const currencies = options.data?.currencies.length
    ? options.data.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))
    : [{ value: 'CNY', label: 'CNY' }];
  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <strong>
          {inquiry ? t('inquiries.detail.editTitle', { inquiryNo: inquiry.inquiryNo }) : t('inquiries.detail.newTitle')}
        </strong>
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(inquiry ? inquiryPath(inquiry.id) : INQUIRY_PATHS.list)}
          >
            {t('inquiries.actions.back')}
          </Button>
          <Button icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit(false)}>
            {t('inquiries.actions.save')}
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={save.isPending} onClick={() => void submit(true)}>
            {t('inquiries.actions.publish')}
          </Button>
        </Space>
      </Space>
      <Form
        form={form}
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        initialValues={{
          title: inquiry?.title ?? '',
          supplierIds: inquiry?.suppliers.map((s) => s.supplierId) ?? [],
          quoteDeadline: inquiry?.quoteDeadline ? dayjs(inquiry.quoteDeadline) : null,
          sealed: inquiry?.sealed ?? true,
          currency: inquiry?.currency ?? 'CNY',
          taxIncluded: inquiry?.taxIncluded ?? true,
          paymentTerms: inquiry?.paymentTerms ?? '',
          deliveryAddress: inquiry?.deliveryAddress ?? '',
          remarks: inquiry?.remarks ?? '',
          attachments: inquiry?.attachments ?? [],
        }}
      >
        <Space wrap size={16} align="start">
          <Form.Item name="title" label={t('inquiries.fields.title')} rules={[requiredRule(locale)]}>
            <Input maxLength={200} style={{ width: 320 }} />
          </Form.Item>
          <Form.Item
            name="quoteDeadline"
            label={t('inquiries.fields.quoteDeadline')}
            extra={t('inquiries.detail.deadlineHint')}
          >
            <DatePicker showTime format={DATE_TIME_FORMAT} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
          <Form.Item name="sealed" label={t('inquiries.fields.sealed')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="currency" label={t('inquiries.fields.currency')} rules={[requiredRule(locale)]}>
            <Select style={{ width: 160 }} options={currencies} />
          </Form.Item>
          <Form.Item name="taxIncluded" label={t('inquiries.fields.taxIncluded')} valuePropName="checked">
            <Switch
              checkedChildren={t('inquiries.detail.included')}
              unCheckedChildren={t('inquiries.detail.excluded')}
            />
          </Form.Item>
        </Space>
        <Form.Item
          name="supplierIds"
          label={t('inquiries.fields.suppliers')}
          rules={[{ required: true, message: validationMessage('required', locale) }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={invitees.isLoading}
            options={choices.map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}`, choice: s }))}
            optionRender={(o) => <InviteeLabel choice={o.data.choice} total={materialIds.length} />}
            tagRender={({ value, closable, onClose }) => {
              const choice = choices.find((c) => c.id === value);
              return (
                <Tag closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
                  {choice ? `${choice.supCode} ${choice.supName}` : String(value)}
                  {choice?.offline ? ` · ${t('inquiries.invitees.offline')}` : ''}
                </Tag>
              );
            }}
          />
        </Form.Item>
        {materialIds.length > 0 && choices.some((c) => c.approvedFor > 0) && (
          <Space wrap style={{ marginTop: -12, marginBottom: 12 }}>
            <span style={{ color: 'var(--ant-color-text-secondary)' }}>{t('inquiries.invitees.approvedHint')}</span>
            <Button
              size="small"
              onClick={() => {
                const chosen = new Set(form.getFieldValue('supplierIds') ?? []);
                for (const c of choices) if (c.approvedFor > 0) chosen.add(c.id);
                form.setFieldValue('supplierIds', [...chosen]);
                setDirty(true);
              }}
            >
              {t('inquiries.actions.inviteApproved')}
            </Button>
          </Space>
        )}
        <Space wrap size={16} align="start">
          <Form.Item name="paymentTerms" label={t('inquiries.fields.paymentTerms')}>
            <AutoComplete
              style={{ width: 240 }}
              options={(options.data?.paymentConditions ?? []).map((p) => ({ value: p.name }))}
              maxLength={200}
            />
          </Form.Item>
          <Form.Item name="deliveryAddress" label={t('inquiries.fields.deliveryAddress')}>
            <Input maxLength={300} style={{ width: 400 }} />
          </Form.Item>
        </Space>
        <Form.Item name="remarks" label={t('inquiries.fields.remarks')}>
          <Input.TextArea rows={2} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="attachments" label={t('inquiries.fields.attachments')}>
          <AttachmentsField max={INQUIRY_MAX_ATTACHMENTS} />
        </Form.Item>
      </Form>
      <LineTable<EditLine>
        id="inquiry-edit-lines"
        rowKey="key"
        columns={columns}
        optional={['remark']}
        dataSource={lines}
        pagination={false}
        toolbar={
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              setDirty(true);
              setLines((all) => [...all, emptyLine()]);
            }}
          >
            {t('inquiries.actions.addLine')}
          </Button>
        }
      />
    </>
  );
}

/** One invitee in the picker: code and name, "off the network", and how many materials it is approved for. */
function InviteeLabel({ choice, total }: { choice: InviteeChoice; total: number }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <span>{`${choice.supCode} ${choice.supName}`}</span>
      {choice.offline && <Tag>{t('inquiries.invitees.offline')}</Tag>}
      {choice.approvedFor > 0 && (
        <Tag color="green">{t('inquiries.invitees.approved', { count: choice.approvedFor, total })}</Tag>
      )}
    </Space>
  );
}
