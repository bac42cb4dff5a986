import type { InterestRate } from '@concord/shared';
import { formatDecimal, validationMessage } from '@concord/shared';
import { Card, DatePicker, Form, Select, Switch, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { useListParams } from '../../components/list/useListParams.ts';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { BasicDataList } from './BasicDataList.tsx';
import { ExchangeRatesList } from './ExchangeRatesList.tsx';
import { ValidTag } from './parts.tsx';

interface Values {
  period: [Dayjs, Dayjs];
  monthlyRate: string;
  valid: boolean;
}

/**
 * Monthly rates are fractions of a percent (0.3250 %): they are typed and shown with four places, where
 * `useNumbers().rate` has the two of tax rates.
 */
const MONTHLY_RATE_PLACES = 4;

type RatesTab = 'interest' | 'exchange';
const TABS: readonly RatesTab[] = ['interest', 'exchange'];

/** /basicdatasetting/interestrate (CF_BAS): interest rates and, on the second tab, exchange rates. */
export function InterestRatesPage() {
  const { t } = useTranslation();
  const { get, reset, update } = useListParams();
  const tab = TABS.find((x) => x === get('tab')) ?? 'interest';
  return (
    <Card className="page-card" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        onChange={(next) => {
          reset([]);
          update({ tab: next });
        }}
        items={TABS.map((key) => ({ key, label: t(`basicData.rates.tabs.${key}`) }))}
      />
      {tab === 'exchange' ? <ExchangeRatesList /> : <InterestRatesList />}
    </Card>
  );
}

/** Monthly interest rates by period; valid periods never overlap. */
function InterestRatesList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const f = (key: 'period' | 'startDate' | 'endDate' | 'monthlyRate' | 'registrant' | 'registeredAt' | 'valid') =>
    t(`basicData.interestRates.fields.${key}`);
  const required = { required: true, message: validationMessage('required', locale) };
  return (
    <BasicDataList<InterestRate, Values>
      bare
      resource="interest-rates"
      search={{
        keys: ['valid'],
        items: (
          <Form.Item name="valid" label={f('valid')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={[
                { value: 'true', label: t('basicData.common.valid') },
                { value: 'false', label: t('basicData.common.invalid') },
              ]}
            />
          </Form.Item>
        ),
        toFilter: (p) => ({ valid: p.valid === undefined ? undefined : p.valid === 'true' }),
      }}
      excel={{ resource: 'interest-rates', exportQuery: (p) => ({ valid: p.valid }) }}
      texts={{
        add: t('basicData.interestRates.add'),
        edit: t('basicData.interestRates.edit'),
        empty: t('basicData.interestRates.empty'),
        deleteConfirm: (row) => t('basicData.common.deleteConfirm', { name: `${row.startDate} – ${row.endDate}` }),
      }}
      columns={[
        { key: 'startDate', title: f('startDate'), dataIndex: 'startDate', width: 120 },
        { key: 'endDate', title: f('endDate'), dataIndex: 'endDate', width: 120 },
        {
          key: 'monthlyRate',
          title: f('monthlyRate'),
          dataIndex: 'monthlyRate',
          width: 140,
          align: 'right',
          render: (v: string) => `${formatDecimal(v, MONTHLY_RATE_PLACES)} %`,
        },
        {
          key: 'valid',
          title: f('valid'),
          dataIndex: 'valid',
          width: 90,
          render: (v: boolean) => <ValidTag valid={v} />,
        },
        { key: 'registrant', title: f('registrant'), dataIndex: 'registrantName', width: 140 },
        {
          key: 'registeredAt',
          title: f('registeredAt'),
          dataIndex: 'registeredAt',
          width: 170,
          render: formatDateTime,
        },
      ]}
      form={{
        initial: { valid: true },
        fromRow: (r) => ({
          period: [dayjs(r.startDate), dayjs(r.endDate)],
          monthlyRate: r.monthlyRate,
          valid: r.valid,
        }),
        toInput: (v) => ({
          startDate: v.period[0].format(DATE_FORMAT),
          endDate: v.period[1].format(DATE_FORMAT),
          monthlyRate: v.monthlyRate,
          valid: v.valid,
        }),
        render: () => (
          <>
            <Form.Item name="period" label={f('period')} rules={[required]}>
              <DatePicker.RangePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="monthlyRate" label={f('monthlyRate')} rules={[required]}>
              <DecimalInput places={MONTHLY_RATE_PLACES} min="0" max="100" suffix="%" />
            </Form.Item>
            <Form.Item name="valid" label={f('valid')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
