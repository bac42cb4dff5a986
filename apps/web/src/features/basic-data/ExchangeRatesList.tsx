import { compareDecimals, type ExchangeRate, type ExchangeRateInput, formatDecimal } from '@concord/shared';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { BasicDataList } from './BasicDataList.tsx';

/** A rate travels with at most six places (the API's decimal text), whatever places the row shows. */
const MAX_RATE_PLACES = 6;

/** Exchange rates (spec §3): currency code and name, base currency, rate, decimal places, updater, time. */
export function ExchangeRatesList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const f = (
    key: 'currencyCode' | 'currencyName' | 'baseCurrency' | 'rate' | 'decimalPlaces' | 'updater' | 'updatedAt',
  ) => t(`basicData.exchangeRates.fields.${key}`);
  const currency = [
    requiredRule(locale),
    { pattern: /^[A-Za-z]{3}$/, message: t('basicData.exchangeRates.currencyFormat') },
  ];
  return (
    <BasicDataList<ExchangeRate, ExchangeRateInput>
      bare
      resource="exchange-rates"
      excel={{ resource: 'exchange-rates', exportQuery: (p) => ({ keyword: p.keyword }) }}
      texts={{
        add: t('basicData.exchangeRates.add'),
        edit: t('basicData.exchangeRates.edit'),
        empty: t('basicData.exchangeRates.empty'),
        deleteConfirm: (row) =>
          t('basicData.common.deleteConfirm', { name: `${row.currencyCode}/${row.baseCurrency}` }),
      }}
      columns={[
        { key: 'currencyCode', title: f('currencyCode'), dataIndex: 'currencyCode', width: 110 },
        { key: 'currencyName', title: f('currencyName'), dataIndex: 'currencyName', width: 200 },
        { key: 'baseCurrency', title: f('baseCurrency'), dataIndex: 'baseCurrency', width: 110 },
        {
          key: 'rate',
          title: f('rate'),
          dataIndex: 'rate',
          width: 140,
          align: 'right',
          // Each rate at its own row's places: no enterprise setting covers exchange rates.
          render: (v: string, row) => formatDecimal(v, row.decimalPlaces),
        },
        { key: 'decimalPlaces', title: f('decimalPlaces'), dataIndex: 'decimalPlaces', width: 110, align: 'right' },
        { key: 'updater', title: f('updater'), dataIndex: 'updaterName', width: 130 },
        { key: 'updatedAt', title: f('updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatDateTime },
      ]}
      form={{
        initial: { baseCurrency: 'CNY', decimalPlaces: 4 },
        fromRow: (r) => ({
          currencyCode: r.currencyCode,
          currencyName: r.currencyName,
          baseCurrency: r.baseCurrency,
          rate: r.rate,
          decimalPlaces: r.decimalPlaces,
        }),
        toInput: (v) => ({
          ...v,
          currencyCode: v.currencyCode.toUpperCase(),
          baseCurrency: v.baseCurrency.toUpperCase(),
        }),
        render: () => (
          <>
            <Form.Item name="currencyCode" label={f('currencyCode')} rules={currency}>
              <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
            <Form.Item name="currencyName" label={f('currencyName')} rules={[requiredRule(locale)]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="baseCurrency" label={f('baseCurrency')} rules={currency}>
              <Input maxLength={3} style={{ textTransform: 'uppercase' }} />
            </Form.Item>
            <Form.Item noStyle dependencies={['decimalPlaces']}>
              {({ getFieldValue }) => (
                <Form.Item
                  name="rate"
                  label={f('rate')}
                  rules={[
                    { required: true, message: t('basicData.common.required') },
                    {
                      validator: async (_r, v: string | null) => {
                        if (v && compareDecimals(v, '0') <= 0)
                          throw new Error(t('basicData.exchangeRates.ratePositive'));
                      },
                    },
                  ]}
                >
                  <DecimalInput
                    places={Math.min(getFieldValue('decimalPlaces') ?? MAX_RATE_PLACES, MAX_RATE_PLACES)}
                    min="0"
                    style={{ width: 200 }}
                  />
                </Form.Item>
              )}
            </Form.Item>
            <Form.Item
              name="decimalPlaces"
              label={f('decimalPlaces')}
              rules={[{ required: true, message: t('basicData.common.required') }]}
            >
              <InputNumber min={0} max={8} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
