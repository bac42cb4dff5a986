import { ArrowLeftOutlined, EditOutlined, FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  CONTRACT_EDITABLE_STATUSES,
  type ContractAction,
  type ContractActionInput,
  type ContractDetail,
  type ContractLine,
  contractMachine,
  CONTRACT_STATUS as S,
  type UploadedFileRef,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, openFile } from '../../api/http.ts';
import { DetailGate } from '../../components/DetailGate.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { errorText } from '../../lib/fieldErrors.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { AttachmentLinks } from '../notices/NoticeContentView.tsx';
import { HistoryTable } from '../purchase-orders/OrderParts.tsx';
import { ContractEditor } from './ContractEditor.tsx';
import { ContractStatusTag, OrderedProgress, PriceBreaks } from './ContractParts.tsx';
import { CONTRACT_PATHS, type ContractSide, contractKeys, contractPath, contractsApi } from './contracts.api.ts';

/** /contract/supplier/detail?id=… (PO_CON): the buyer's view; a draft or returned one edits with `mode=edit`. */
export const SupplierContractPage = () => <ContractDetailPage side="buyer" />;
/** /contract/customer/detail?id=… (SL_CON): the supplier's view, where it signs or returns. */
export const CustomerContractPage = () => <ContractDetailPage side="supplier" />;

function ContractDetailPage({ side }: { side: ContractSide }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery({
    queryKey: contractKeys.detail(id),
    queryFn: () => contractsApi.get(id),
    enabled: !!id,
    meta: { silent: true },
  });
  const editing =
    side === 'buyer' &&
    params.get('mode') === 'edit' &&
    !!detail.data &&
    (CONTRACT_EDITABLE_STATUSES as readonly number[]).includes(detail.data.status);
  return (
    <Card className="page-card">
      <DetailGate query={detail} back={CONTRACT_PATHS[side].list}>
        {(contract) =>
          editing ? (
            <ContractEditor contract={contract} />
          ) : (
            <ContractView contract={contract} side={side} onReload={() => void detail.refetch()} />
          )
        }
      </DetailGate>
    </Card>
  );
}

type ReasonAction = 'return' | 'terminate';
type ScanAction = 'sign' | 'countersign';
type DialogAction = ReasonAction | ScanAction;
const DIALOG_ACTIONS: readonly ContractAction[] = ['return', 'terminate', 'sign', 'countersign'];
const PRIMARY: readonly ContractAction[] = ['send', 'sign', 'countersign'];
const DANGER: readonly ContractAction[] = ['return', 'terminate', 'cancel'];

/** The steps of the other party's version: a 409 means the reader must read again. */
const isConflict = (err: unknown) => err instanceof ApiError && err.status === 409;

export function ContractView({
  contract,
  side,
  onReload,
}: {
  contract: ContractDetail;
  side: ContractSide;
  onReload?: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useAnyPermission();
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const { fmt, money } = numberFormat(contract.decimalPlaces);
  const act = useMutation({
    mutationFn: ({ action, body }: { action: ContractAction; body?: Omit<ContractActionInput, 'version'> }) =>
      contractsApi.act(contract.id, action, { version: contract.version, ...body }),
    onSuccess: async (updated, { action }) => {
      queryClient.setQueryData(contractKeys.detail(contract.id), updated);
      await queryClient.invalidateQueries({ queryKey: ['contracts', 'list'] });
      setDialog(null);
      setConflict(null);
      message.success(
        action === 'send' ? t('contracts.done.sent', { contractNo: contract.contractNo }) : t('contracts.done.action'),
      );
    },
    meta: { silent: true },
    onError: (err) => {
      if (isConflict(err)) {
        // Somebody changed it since it was read: show why, then the latest version.
        setDialog(null);
        setConflict(errorText(err));
        void queryClient.invalidateQueries({ queryKey: contractKeys.detail(contract.id) });
        return;
      }
      if (!(err instanceof ApiError && err.handled)) message.error(errorText(err));
    },
  });
  const allowed = contractMachine
    .available(side, contract.status, (code) => can([code]))
    .filter((a): a is ContractAction => a !== 'expire');
  const editable =
    side === 'buyer' && can(['PO_CON']) && (CONTRACT_EDITABLE_STATUSES as readonly number[]).includes(contract.status);
  const run = (action: ContractAction) => {
    if (DIALOG_ACTIONS.includes(action)) {
      setDialog(action as DialogAction);
      return;
    }
    modal.confirm({
      title: action === 'send' ? t('contracts.confirm.send') : t('contracts.confirm.cancel'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action === 'cancel' },
      onOk: () => act.mutateAsync({ action }).catch(() => undefined),
    });
  };
  const print = async () => {
    setPrinting(true);
    try {
      openFile(await contractsApi.pdf(contract.id, contract.contractNo));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setPrinting(false);
    }
  };

  const places = contract.decimalPlaces;
  const lineColumns: LineColumn<ContractLine>[] = [
    { key: 'lineNo', title: t('contracts.fields.lineNo'), dataIndex: 'lineNo', width: 56, align: 'right' },
    {
      key: 'material',
      title: t('contracts.fields.material'),
      width: 220,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    { key: 'prdtSpc', title: t('contracts.fields.prdtSpc'), dataIndex: 'prdtSpc', width: 140 },
    {
      key: 'price',
      title: t('contracts.fields.price'),
      dataIndex: 'price',
      width: 110,
      align: 'right',
      render: (v: string | null) => (v === null ? '—' : fmt(v, 'price')),
    },
    {
      key: 'taxRate',
      title: t('contracts.fields.taxRate'),
      dataIndex: 'taxRate',
      width: 90,
      align: 'right',
    },
    {
      key: 'priceBreaks',
      title: t('contracts.fields.priceBreaks'),
      width: 170,
      render: (_v, l) => <PriceBreaks breaks={l.priceBreaks} places={places} />,
    },
    {
      key: 'qtyCap',
      title: t('contracts.fields.qtyCap'),
      dataIndex: 'qtyCap',
      width: 130,
      align: 'right',
      render: (v: string | null, l) =>
        v === null ? t('contracts.detail.noCap') : <QtyWithUnit qty={fmt(v, 'quantity')} unit={l.unitName} />,
    },
    {
      key: 'orderedQty',
      title: t('contracts.fields.orderedQty'),
      width: 190,
      render: (_v, l) => <OrderedProgress ordered={l.orderedQty} cap={l.qtyCap} places={places} />,
    },
    {
      key: 'remainingQty',
      title: t('contracts.fields.remainingQty'),
      dataIndex: 'remainingQty',
      width: 110,
      align: 'right',
      render: (v: string | null) => (v === null ? '—' : fmt(v, 'quantity')),
    },
    {
      key: 'remark',
      title: t('contracts.fields.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: { showTitle: true },
    },
  ];

  const party =
    side === 'buyer' ? (
      <Descriptions.Item label={t('contracts.fields.supplier')}>
        {`${contract.supCode} ${contract.supName}`.trim()}
      </Descriptions.Item>
    ) : (
      <Descriptions.Item label={t('contracts.fields.customer')}>{contract.customerName}</Descriptions.Item>
    );
  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <strong>{contract.contractNo}</strong>
          <ContractStatusTag status={contract.status} />
          <Tag>{t(`contracts.kinds.${contract.kind}`)}</Tag>
        </Space>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(CONTRACT_PATHS[side].list)}>
            {t('contracts.actions.back')}
          </Button>
          <Button icon={<FilePdfOutlined />} loading={printing} onClick={() => void print()}>
            {t('contracts.actions.pdf')}
          </Button>
          {editable && (
            <Button icon={<EditOutlined />} onClick={() => navigate(`${contractPath('buyer', contract.id)}&mode=edit`)}>
              {t('contracts.actions.edit')}
            </Button>
          )}
          {allowed.map((action) => (
            <Button
              key={action}
              type={PRIMARY.includes(action) ? 'primary' : 'default'}
              danger={DANGER.includes(action)}
              loading={act.isPending && act.variables?.action === action}
              onClick={() => run(action)}
            >
              {t(`contracts.actions.${action}`)}
            </Button>
          ))}
        </Space>
      </Space>
      {conflict && (
        <Alert
          type="warning"
          showIcon
          closable
          role="alert"
          style={{ marginBottom: 12 }}
          title={conflict}
          description={t('contracts.detail.changedSince')}
          onClose={() => setConflict(null)}
          action={
            onReload && (
              <Button size="small" icon={<ReloadOutlined />} onClick={onReload}>
                {t('contracts.actions.reload')}
              </Button>
            )
          }
        />
      )}
      {contract.status === S.RETURNED && contract.returnReason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('contracts.detail.returnedTitle')}
          description={
            <>
              <Typography.Paragraph strong style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
                {contract.returnReason}
              </Typography.Paragraph>
              {side === 'buyer' && (
                <Typography.Text type="secondary">{t('contracts.detail.returnedHint')}</Typography.Text>
              )}
            </>
          }
        />
      )}
      {contract.status === S.TERMINATED && contract.terminateReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('contracts.detail.terminatedTitle')}
          description={contract.terminateReason}
        />
      )}
      {side === 'supplier' && contract.status === S.SENT && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('contracts.detail.readOnlySupplier')} />
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered {...DETAIL_DESCRIPTIONS}>
        <Descriptions.Item label={t('contracts.fields.title')}>{contract.title || '—'}</Descriptions.Item>
        {party}
        <Descriptions.Item label={t('contracts.fields.validity')}>
          <span style={{ whiteSpace: 'nowrap' }}>{contract.validFrom}</span>
          {' ~ '}
          <span style={{ whiteSpace: 'nowrap' }}>{contract.validTo}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.fields.currency')}>{contract.currency}</Descriptions.Item>
        <Descriptions.Item label={t('contracts.fields.taxIncluded')}>
          {contract.taxIncluded ? t('contracts.detail.included') : t('contracts.detail.excluded')}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.fields.paymentTerms')}>{contract.paymentTerms || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('contracts.fields.amountCap')}>
          {contract.amountCap === null ? t('contracts.detail.noCap') : money(contract.amountCap, contract.currency)}
        </Descriptions.Item>
        {contract.orderedAmount !== undefined && (
          <Descriptions.Item label={t('contracts.fields.orderedAmount')}>
            <OrderedProgress
              ordered={contract.orderedAmount}
              cap={contract.amountCap}
              places={places}
              format={(v) => money(v, contract.currency)}
            />
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('contracts.fields.owner')}>{contract.ownerName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('contracts.fields.sentAt')}>
          {formatDateTime(contract.sentAt) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.fields.signedAt')}>
          {formatDateTime(contract.signedAt) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('contracts.fields.countersignedAt')}>
          {formatDateTime(contract.countersignedAt) || '—'}
        </Descriptions.Item>
        {contract.endedAt && (
          <Descriptions.Item label={t('contracts.fields.endedAt')}>
            {formatDateTime(contract.endedAt)}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('contracts.fields.attachments')}>
          {contract.attachments.length ? <AttachmentLinks files={contract.attachments} /> : t('contracts.detail.none')}
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          {
            key: 'lines',
            label: `${t('contracts.detail.lines')} (${contract.lines.length})`,
            children: (
              <LineTable<ContractLine>
                id="contract-lines"
                rowKey="id"
                columns={lineColumns}
                optional={['prdtSpc', 'taxRate', 'remark']}
                dataSource={contract.lines}
                cardTitle={['lineNo', 'material']}
                pagination={false}
              />
            ),
          },
          {
            key: 'terms',
            label: t('contracts.detail.terms'),
            children: contract.terms ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{contract.terms}</Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">{t('contracts.detail.none')}</Typography.Text>
            ),
          },
          {
            key: 'history',
            label: t('contracts.detail.history'),
            children: <HistoryTable entries={contract.history} />,
          },
        ]}
      />
      <ActionDialog
        action={dialog}
        version={contract.version}
        pending={act.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(action, body) => act.mutate({ action, body })}
      />
    </>
  );
}

interface DialogValues {
  reason?: string;
  attachments?: UploadedFileRef[];
}

/** Return and terminate ask for a reason; sign and countersign may add the signed scan. */
function ActionDialog({
  action,
  version,
  pending,
  onClose,
  onSubmit,
}: {
  action: DialogAction | null;
  version: number;
  pending: boolean;
  onClose: () => void;
  onSubmit: (action: ContractAction, body: Omit<ContractActionInput, 'version'>) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DialogValues>();
  const needsReason = action === 'return' || action === 'terminate';
  const finish = (v: DialogValues) => {
    if (!action) return;
    onSubmit(
      action,
      needsReason ? { reason: v.reason?.trim() } : v.attachments?.length ? { attachments: v.attachments } : {},
    );
  };
  const reasonLabel =
    action === 'terminate' ? t('contracts.fields.terminateReason') : t('contracts.fields.returnReason');
  return (
    <Modal
      open={action !== null}
      title={action ? t(`contracts.actions.${action}`) : ''}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: needsReason, loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={finish}>
        {needsReason ? (
          <Form.Item
            name="reason"
            label={reasonLabel}
            rules={[{ required: true, whitespace: true, message: t('contracts.detail.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        ) : (
          <>
            <Typography.Paragraph>
              {action === 'sign' ? t('contracts.confirm.sign', { version }) : t('contracts.confirm.countersign')}
            </Typography.Paragraph>
            <Form.Item name="attachments" label={t('contracts.detail.signedScan')}>
              <AttachmentsField />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
