import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  CONTRACT_KINDS,
  type ContractCreateInput,
  type ContractDetail,
  type ContractKind,
  type MaterialOption,
  type UploadedFileRef,
  validationMessage,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Card, DatePicker, Form, Input, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { type LineColumn, LineTable } from '../../components/LineTable.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { errorText } from '../../lib/fieldErrors.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLeaveGuard } from '../../lib/useLeaveGuard.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { enterpriseKeys, enterprisesApi } from '../enterprises/enterprises.api.ts';
import { MaterialPicker } from '../materials/MaterialPicker.tsx';
import { useOrderOptions } from '../purchase-orders/OrderParts.tsx';
import { CellError, lineErrorsOf, reportRest } from '../receiving-plans/parts.tsx';
import { CONTRACT_PATHS, contractKeys, contractPath, contractsApi } from './contracts.api.ts';

interface HeaderValues {
  supplierId?: string;
  kind: ContractKind;
  title: string;
  validFrom?: Dayjs | null;
  validTo?: Dayjs | null;
  currency: string;
  taxIncluded: boolean;
  paymentTerms: string;
  amountCap: string | null;
  terms: string;
  attachments: UploadedFileRef[];
}

interface EditBreak {
  key: string;
  minQty: string | null;
  price: string | null;
}

export interface EditLine {
  key: string;
  materialId: string | null;
  material: MaterialOption | null;
  price: string | null;
  taxRate: string | null;
  priceBreaks: EditBreak[];
  qtyCap: string | null;
  remark: string;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;
export const emptyLine = (): EditLine => ({
  key: newKey(),
  materialId: null,
  material: null,
  price: null,
  taxRate: '13',
  priceBreaks: [],
  qtyCap: null,
  remark: '',
});

/** The first line (numbered from 1) without a material. */
export function firstLineWithoutMaterial(lines: readonly EditLine[]): number | null {
  const i = lines.findIndex((l) => !l.materialId);
  return i < 0 ? null : i + 1;
}

const LINE_FIELDS = ['materialId', 'price', 'taxRate', 'priceBreaks', 'qtyCap', 'remark'];

/** The lines as the API takes them: decimal text as typed, never through a JS number. */
export const toLineInputs = (lines: readonly EditLine[]): ContractCreateInput['lines'] =>
  lines.map((l) => ({
    materialId: l.materialId ?? '',
    price: l.price || null,
    taxRate: l.taxRate || '0',
    priceBreaks: l.priceBreaks.filter((b) => b.minQty && b.price).map((b) => ({ minQty: b.minQty!, price: b.price! })),
    qtyCap: l.qtyCap || null,
    remark: l.remark,
  }));

const fromContract = (contract: ContractDetail): EditLine[] =>
  contract.lines.map((l) => ({
    key: l.id,
    materialId: l.materialId,
    material: {
      id: l.materialId,
      prdtNo: l.prdtNo,
      prdtName: l.prdtName,
      prdtSpc: l.prdtSpc,
      poUnitNo: l.unitNo,
      poUnitName: l.unitName,
      status: 1,
    } as MaterialOption,
    price: l.price,
    taxRate: l.taxRate,
    priceBreaks: l.priceBreaks.map((b, i) => ({ key: `${l.id}-${i}`, minQty: b.minQty, price: b.price })),
    qtyCap: l.qtyCap,
    remark: l.remark,
  }));

/** /contract/supplier/add: a new contract under its own route title. */
export const NewContractPage = () => (
  <Card className="page-card">
    <ContractEditor />
  </Card>
);

/** The buyer's form for a new contract, a draft or a returned one: header, terms and lines. */
export function ContractEditor({ contract }: { contract?: ContractDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const locale = useLocale();
  const can = useAnyPermission();
  const options = useOrderOptions();
  const [form] = Form.useForm<HeaderValues>();
  const [lines, setLines] = useState<EditLine[]>(() => (contract ? fromContract(contract) : [emptyLine()]));
  const [cellErrors, setCellErrors] = useState<Record<string, string>>({});
  const [dirty, setDirty] = useState(false);
  const places = contract?.decimalPlaces ?? options.data?.decimalPlaces ?? { quantity: 2, price: 4, amount: 2 };
  // A new contract starts from the enterprise's contract terms where the user may read them;
  // otherwise an empty field leaves the default to the server.
  const enterprise = useQuery({
    queryKey: enterpriseKeys.info,
    queryFn: enterprisesApi.get,
    enabled: !contract && can(['COMP_INFO']),
    meta: { silent: true },
    staleTime: 60_000,
  });
  const [termsGiven, setTermsGiven] = useState(!!contract);
  if (!termsGiven && enterprise.data) {
    setTermsGiven(true);
    if (!form.getFieldValue('terms')) form.setFieldValue('terms', enterprise.data.contractTerms);
  }
  useLeaveGuard(
    ({ currentLocation: from, nextLocation: to }) =>
      dirty && (from.pathname !== to.pathname || from.search !== to.search),
  );
  const creation = useIdempotencyKey();
  const sentKeys = useRef<string[]>([]);
  const save = useMutation({
    mutationFn: async ({ values, send }: { values: HeaderValues; send: boolean }) => {
      const input = {
        kind: values.kind,
        supplierId: values.supplierId ?? '',
        title: values.title ?? '',
        validFrom: values.validFrom!.format(DATE_FORMAT),
        validTo: values.validTo!.format(DATE_FORMAT),
        currency: values.currency,
        taxIncluded: values.taxIncluded,
        paymentTerms: values.paymentTerms ?? '',
        terms: values.terms?.trim() ? values.terms : undefined,
        amountCap: values.amountCap || null,
        attachments: values.attachments ?? [],
        lines: toLineInputs(lines),
      };
      if (!contract) return contractsApi.create({ ...input, send }, creation.key);
      const updated = await contractsApi.update(contract.id, { ...input, version: contract.version });
      if (send) return contractsApi.act(contract.id, 'send', { version: updated.version });
      return updated;
    },
    onSuccess: async (saved, { send }) => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: contractKeys.all });
      message.success(
        send
          ? t('contracts.done.sent', { contractNo: saved.contractNo })
          : t('contracts.done.saved', { contractNo: saved.contractNo }),
      );
      // The blocker reads `dirty` from the render; navigate once the cleared state is committed.
      setTimeout(() => navigate(contractPath('buyer', saved.id), { replace: true }), 0);
    },
    meta: { silent: true },
    onError: (e) => {
      if (contract && e instanceof ApiError && e.status === 409) {
        // Changed elsewhere since it was opened: say so and show the latest version.
        setDirty(false);
        modal.warning({
          title: errorText(e),
          content: t('contracts.detail.changedSince'),
          okText: t('common.confirm'),
          onOk: () => {
            void queryClient.invalidateQueries({ queryKey: contractKeys.detail(contract.id) });
            navigate(contractPath('buyer', contract.id), { replace: true });
          },
        });
        return;
      }
      const { cells, rest } = lineErrorsOf(e, { rowKeys: sentKeys.current, fields: LINE_FIELDS }, form);
      setCellErrors(cells);
      reportRest(e, rest);
    },
  });

  const submit = async (send: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (lines.length === 0) {
      message.error(t('contracts.detail.noLines'));
      return;
    }
    const bad = firstLineWithoutMaterial(lines);
    if (bad !== null) {
      message.error(t('contracts.detail.lineRequired', { lineNo: bad }));
      return;
    }
    sentKeys.current = lines.map((l) => l.key);
    setCellErrors({});
    save.mutate({ values, send });
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
    { key: 'lineNo', title: t('contracts.fields.lineNo'), width: 56, align: 'right', render: (_v, _l, i) => i + 1 },
    {
      key: 'material',
      title: t('contracts.fields.material'),
      width: 280,
      render: (_v, l, i) => (
        <>
          <MaterialPicker
            value={l.materialId}
            initialOption={l.material}
            style={{ width: '100%' }}
            aria-label={cellName(t('contracts.fields.material'), i)}
            onChange={(id, option) => patch(l.key, { materialId: id, material: option })}
          />
          <CellError message={cellErrors[`${l.key}.materialId`]} />
        </>
      ),
    },
    {
      key: 'price',
      title: t('contracts.fields.price'),
      width: 130,
      render: (_v, l, i) => (
        <>
          <DecimalInput
            places={places.price}
            min="0"
            value={l.price}
            aria-label={cellName(t('contracts.fields.price'), i)}
            status={cellErrors[`${l.key}.price`] ? 'error' : undefined}
            onChange={(price) => patch(l.key, { price })}
          />
          <CellError message={cellErrors[`${l.key}.price`]} />
        </>
      ),
    },
    {
      key: 'taxRate',
      title: t('contracts.fields.taxRate'),
      width: 100,
      render: (_v, l, i) => (
        <DecimalInput
          places={4}
          min="0"
          max="100"
          value={l.taxRate}
          aria-label={cellName(t('contracts.fields.taxRate'), i)}
          onChange={(taxRate) => patch(l.key, { taxRate })}
        />
      ),
    },
    {
      key: 'priceBreaks',
      title: t('contracts.fields.priceBreaks'),
      width: 280,
      render: (_v, l, i) => (
        <Space orientation="vertical" size={4} style={{ width: '100%' }}>
          {l.priceBreaks.map((b, j) => {
            const setBreak = (change: Partial<EditBreak>) =>
              patch(l.key, { priceBreaks: l.priceBreaks.map((x) => (x.key === b.key ? { ...x, ...change } : x)) });
            const which = `${cellName(t('contracts.fields.priceBreaks'), i)} ${j + 1}`;
            return (
              <Space.Compact key={b.key} style={{ width: '100%' }}>
                <DecimalInput
                  places={places.quantity}
                  min="0"
                  value={b.minQty}
                  placeholder={t('contracts.fields.minQty')}
                  aria-label={`${which}: ${t('contracts.fields.minQty')}`}
                  onChange={(minQty) => setBreak({ minQty })}
                />
                <DecimalInput
                  places={places.price}
                  min="0"
                  value={b.price}
                  placeholder={t('contracts.fields.breakPrice')}
                  aria-label={`${which}: ${t('contracts.fields.breakPrice')}`}
                  onChange={(price) => setBreak({ price })}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={`${which}: ${t('contracts.actions.removeBreak')}`}
                  onClick={() => patch(l.key, { priceBreaks: l.priceBreaks.filter((x) => x.key !== b.key) })}
                />
              </Space.Compact>
            );
          })}
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            aria-label={cellName(t('contracts.actions.addBreak'), i)}
            onClick={() =>
              patch(l.key, { priceBreaks: [...l.priceBreaks, { key: newKey(), minQty: null, price: null }] })
            }
          >
            {t('contracts.actions.addBreak')}
          </Button>
          <CellError message={cellErrors[`${l.key}.priceBreaks`]} />
        </Space>
      ),
    },
    {
      key: 'qtyCap',
      title: t('contracts.fields.qtyCap'),
      width: 140,
      render: (_v, l, i) => (
        <>
          <DecimalInput
            places={places.quantity}
            min="0"
            value={l.qtyCap}
            placeholder={t('contracts.detail.noCap')}
            aria-label={cellName(t('contracts.fields.qtyCap'), i)}
            onChange={(qtyCap) => patch(l.key, { qtyCap })}
          />
          <CellError message={cellErrors[`${l.key}.qtyCap`]} />
        </>
      ),
    },
    {
      key: 'remark',
      title: t('contracts.fields.remark'),
      width: 160,
      render: (_v, l, i) => (
        <Input
          value={l.remark}
          maxLength={500}
          aria-label={cellName(t('contracts.fields.remark'), i)}
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
          aria-label={cellName(t('contracts.actions.removeLine'), i)}
          disabled={lines.length === 1}
          onClick={() => {
            setDirty(true);
            setLines((all) => all.filter((x) => x.key !== l.key));
          }}
        >
          {t('contracts.actions.removeLine')}
        </Button>
      ),
    },
  ];
  const currencies = options.data?.currencies.length
    ? options.data.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))
    : [{ value: 'CNY', label: 'CNY' }];
  const required = { required: true, message: validationMessage('required', locale) };
  const endAfterStart = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: (_r: unknown, v: Dayjs | null | undefined) => {
      const from = getFieldValue('validFrom') as Dayjs | null | undefined;
      return v && from && v.isBefore(from, 'day')
        ? Promise.reject(new Error(t('contracts.detail.endBeforeStart')))
        : Promise.resolve();
    },
  });
  const year = dayjs().year();
  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <strong>
          {contract ? t('contracts.title.edit', { contractNo: contract.contractNo }) : t('contracts.title.new')}
        </strong>
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(contract ? contractPath('buyer', contract.id) : CONTRACT_PATHS.buyer.list)}
          >
            {t('contracts.actions.back')}
          </Button>
          <Button icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit(false)}>
            {t('contracts.actions.save')}
          </Button>
          <Button type="primary" icon={<SendOutlined />} loading={save.isPending} onClick={() => void submit(true)}>
            {t('contracts.actions.saveAndSend')}
          </Button>
        </Space>
      </Space>
      {contract?.returnReason && (
        <Typography.Paragraph type="danger" strong style={{ whiteSpace: 'pre-wrap' }}>
          {`${t('contracts.fields.returnReason')}: ${contract.returnReason}`}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        initialValues={{
          supplierId: contract?.supplierId,
          kind: contract?.kind ?? 'framework',
          title: contract?.title ?? '',
          validFrom: dayjs(contract?.validFrom ?? `${year}-01-01`),
          validTo: dayjs(contract?.validTo ?? `${year}-12-31`),
          currency: contract?.currency ?? 'CNY',
          taxIncluded: contract?.taxIncluded ?? true,
          paymentTerms: contract?.paymentTerms ?? '',
          amountCap: contract?.amountCap ?? null,
          terms: contract?.terms ?? '',
          attachments: contract?.attachments ?? [],
        }}
      >
        <Space wrap size={16} align="start">
          <Form.Item name="supplierId" label={t('contracts.fields.supplier')} rules={[requiredRule(locale)]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={options.isLoading}
              // A contract once sent stays with its supplier.
              disabled={!!contract?.sentAt}
              style={{ width: 320 }}
              options={(options.data?.suppliers ?? []).map((s) => ({
                value: s.id,
                label: `${s.supCode} ${s.supName}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('contracts.fields.kind')} rules={[required]}>
            <Select
              style={{ width: 220 }}
              options={CONTRACT_KINDS.map((k) => ({ value: k, label: t(`contracts.kinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="title" label={t('contracts.fields.title')}>
            <Input maxLength={200} style={{ width: 320 }} />
          </Form.Item>
        </Space>
        <Space wrap size={16} align="start">
          <Form.Item name="validFrom" label={t('contracts.fields.validFrom')} rules={[required]}>
            <DatePicker format={DATE_FORMAT} allowClear={false} />
          </Form.Item>
          <Form.Item
            name="validTo"
            label={t('contracts.fields.validTo')}
            dependencies={['validFrom']}
            rules={[required, endAfterStart]}
          >
            <DatePicker format={DATE_FORMAT} allowClear={false} />
          </Form.Item>
          <Form.Item name="currency" label={t('contracts.fields.currency')} rules={[requiredRule(locale)]}>
            <Select style={{ width: 160 }} options={currencies} />
          </Form.Item>
          <Form.Item name="taxIncluded" label={t('contracts.fields.taxIncluded')} valuePropName="checked">
            <Switch
              checkedChildren={t('contracts.detail.included')}
              unCheckedChildren={t('contracts.detail.excluded')}
            />
          </Form.Item>
          <Form.Item name="paymentTerms" label={t('contracts.fields.paymentTerms')}>
            <AutoComplete
              style={{ width: 240 }}
              options={(options.data?.paymentConditions ?? []).map((p) => ({ value: p.name }))}
              maxLength={200}
            />
          </Form.Item>
          <Form.Item name="amountCap" label={t('contracts.fields.amountCap')}>
            <DecimalInput
              places={places.amount}
              min="0"
              placeholder={t('contracts.detail.noCap')}
              style={{ width: 180 }}
            />
          </Form.Item>
        </Space>
        <Form.Item name="terms" label={t('contracts.fields.terms')} extra={t('contracts.detail.termsHint')}>
          <Input.TextArea rows={4} maxLength={20_000} showCount />
        </Form.Item>
        <Form.Item name="attachments" label={t('contracts.fields.attachments')}>
          <AttachmentsField />
        </Form.Item>
      </Form>
      <LineTable<EditLine>
        id="contract-edit-lines"
        rowKey="key"
        columns={columns}
        optional={['taxRate', 'remark']}
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
            {t('contracts.actions.addLine')}
          </Button>
        }
      />
    </>
  );
}
