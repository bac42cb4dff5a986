import { FieldTimeOutlined, PlusOutlined } from '@ant-design/icons';
import { QUALIFICATION_STATUS, QUALIFICATION_STATUS_NAMES } from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { useSession } from '../../stores/session.ts';
import { DocumentList } from './DocumentList.tsx';
import { useQualificationOptions } from './QualificationParts.tsx';
import { type QualificationFilter, qualificationKeys, qualificationsApi } from './qualifications.api.ts';
import type { Side } from './qualifications.rules.ts';
import { RequirementsTab } from './RequirementsTab.tsx';

const REQUEST_PATH = '/supplier/supfile/add-qualifications';
const TABS = ['documents', 'requirements'] as const;
type Tab = (typeof TABS)[number];

/** The documents filter as the URL holds it: `status` is a comma list of codes (the expiry messages link to one). */
function useDocumentFilter(side: Side) {
  const partnerKey = side === 'buyer' ? 'supplierId' : 'customerTenantId';
  const list = useListFilter(
    {
      fileName: filterField.text(),
      statuses: filterField.at('status', filterField.codes(QUALIFICATION_STATUS_NAMES)),
      partner: filterField.at(partnerKey, filterField.value()),
      due: filterField.dateRange('dueFrom', 'dueTo'),
    },
    { keep: ['size', 'tab'] },
  );
  const { fileName, statuses, partner, due } = list.filter;
  const filter: QualificationFilter = {
    fileName,
    statuses,
    [partnerKey]: partner,
    dueFrom: due?.from,
    dueTo: due?.to,
  };
  return { ...list, filter };
}

/** File name, status, supplier (or customer) and due range; Enter searches, Reset clears all but the page size. */
function DocumentSearch({ side, list }: { side: Side; list: ReturnType<typeof useDocumentFilter> }) {
  const { t } = useTranslation();
  const options = useQualificationOptions();
  const partners =
    side === 'buyer'
      ? (options.data?.suppliers ?? []).map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}` }))
      : (options.data?.customers ?? []).map((c) => ({ value: c.tenantId, label: c.name }));
  return (
    <Form
      form={list.form}
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      initialValues={list.initialValues}
      onFinish={list.search}
    >
      <Form.Item name="fileName" label={t('qualifications.filter.fileName')}>
        <Input allowClear placeholder={t('qualifications.filter.fileNamePlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="statuses" label={t('qualifications.fields.status')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 200 }}
          options={QUALIFICATION_STATUS_NAMES.map((name, code) => ({
            value: code,
            label: t(`qualifications.statuses.${name}`),
          })).filter((o) => side === 'buyer' || o.value !== QUALIFICATION_STATUS.DRAFT)}
        />
      </Form.Item>
      <Form.Item
        name="partner"
        label={side === 'buyer' ? t('qualifications.fields.supplier') : t('qualifications.fields.customer')}
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={options.isLoading}
          style={{ width: 220 }}
          options={partners}
        />
      </Form.Item>
      <Form.Item name="due" label={t('qualifications.filter.due')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={DATE_FORMAT}
          placeholder={[t('qualifications.filter.dueFrom'), t('qualifications.filter.dueTo')]}
        />
      </Form.Item>
      <SearchActions onReset={list.clear} />
    </Form>
  );
}

function DocumentsTab({ side }: { side: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAdmin = useSession((s) => s.userInfo?.isAdmin ?? false);
  // The documents table is DocumentList's; the search form's state (and the phone's filters drawer) is here.
  const chrome = useListChrome([]);
  const [runningExpiry, setRunningExpiry] = useState(false);
  const search = useDocumentFilter(side);
  const { page, size, update, filter, filtered } = search;
  const requestButton = (
    <OperationButton
      type="primary"
      permission="PO_SUP_RZ"
      icon={<PlusOutlined />}
      onClick={() => navigate(REQUEST_PATH)}
    >
      {t('qualifications.actions.request')}
    </OperationButton>
  );
  return (
    <>
      <ListSearch chrome={chrome}>
        <DocumentSearch side={side} list={search} />
      </ListSearch>
      <DocumentList
        side={side}
        filter={filter}
        page={page}
        size={size}
        filtered={filtered}
        onPageChange={(p, s) => update({ page: p, size: s }, false)}
        searchVisible={chrome.toolbarProps.searchVisible}
        onToggleSearch={chrome.toolbarProps.onToggleSearch}
        toolbarLeft={
          side === 'buyer' && (
            <Space wrap>
              {requestButton}
              {/* The server runs the check for administrators only (it touches the whole enterprise). */}
              {isAdmin && (
                <Button icon={<FieldTimeOutlined />} onClick={() => setRunningExpiry(true)}>
                  {t('qualifications.actions.runExpiry')}
                </Button>
              )}
            </Space>
          )
        }
        emptyAction={side === 'buyer' && requestButton}
      />
      {side === 'buyer' && <RunExpiryDialog open={runningExpiry} onClose={() => setRunningExpiry(false)} />}
    </>
  );
}

/** "Run expiry check": today unless a day is chosen (the server takes one only in a demo installation). */
function RunExpiryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const options = useQualificationOptions(open);
  const [form] = Form.useForm<{ asOf: Dayjs | null }>();
  const run = useMutation({
    // Today is the server's own day; only another day is sent, which a production server refuses.
    mutationFn: (asOf: Dayjs | null) =>
      qualificationsApi.runExpiry(asOf && !asOf.isSame(dayjs(), 'day') ? asOf.format(DATE_FORMAT) : undefined),
    meta: { form },
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
      message.success(t('qualifications.done.expiry', { ...result }));
      onClose();
    },
  });
  return (
    <Modal
      title={t('qualifications.runExpiry.title')}
      open={open}
      width={500}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => run.mutate(form.getFieldValue('asOf') ?? null)}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={run.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t('qualifications.runExpiry.hint', { days: options.data?.expiringDays ?? 30 })}
      />
      <Form form={form} layout="vertical" preserve={false} initialValues={{ asOf: dayjs() }}>
        <Form.Item name="asOf" label={t('qualifications.runExpiry.asOf')}>
          <DatePicker format={DATE_FORMAT} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /supplier/qualification (PO_SUP_RZ): the documents requested from suppliers, and the requirements behind them. */
export function BuyerQualificationPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab') as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : 'documents';
  return (
    <Card
      className="page-card"
      activeTabKey={tab}
      tabList={TABS.map((key) => ({ key, label: t(`qualifications.tabs.${key}`) }))}
      // Each tab has its own filters; switching starts it afresh.
      onTabChange={(key) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(key === 'documents' ? {} : { tab: key });
            if (prev.get('size')) next.set('size', prev.get('size')!);
            return next;
          },
          { replace: true },
        )
      }
      tabProps={{ size: 'middle' }}
    >
      {tab === 'documents' ? <DocumentsTab side="buyer" /> : <RequirementsTab />}
    </Card>
  );
}

/** /sale/customer/qualification (SL_CUS): the documents my customers requested from my enterprise. */
export function CustomerQualificationPage() {
  return (
    <Card className="page-card">
      <DocumentsTab side="supplier" />
    </Card>
  );
}
