import { act, render, screen } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { enUS } from '../locales/en-US.ts';
import { zhCN } from '../locales/zh-CN.ts';
import { errorText, type FieldError, fieldErrorsOf, fieldLabel, placeFieldErrors } from './fieldErrors.ts';

const rejected = (data: unknown) => new ApiError('The submitted data is not valid', 400, 'VALIDATION_FAILED', data);

beforeAll(async () => {
  await i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS }, 'zh-CN': { translation: zhCN } },
    interpolation: { escapeValue: false },
  });
});

describe('field errors', () => {
  it('name fields as people do, never by raw path', async () => {
    expect(fieldLabel(['lines', 1, 'qty'])).toBe('Line 2 · Quantity');
    expect(fieldLabel(['supplierId'])).toBe('Supplier');
    expect(fieldLabel(['lines', 0, 'unknownThing'])).toBe('Line 1');
    await i18n.changeLanguage('zh-CN');
    expect(fieldLabel(['lines', 1, 'qty'])).toBe('第 2 行 · 数量');
    await i18n.changeLanguage('en-US');
  });

  it('report each field once, labelled, after the server sentence', () => {
    const error = rejected([
      { path: 'lines.1.qty', message: 'Enter a number above 0' },
      { path: 'lines.1.qty', message: 'Invalid value' },
      { path: 'currency', message: 'Invalid value' },
    ]);
    expect(fieldErrorsOf(error)).toHaveLength(2);
    expect(errorText(error)).toBe(
      'The submitted data is not valid — Line 2 · Quantity: Enter a number above 0; Currency: Invalid value',
    );
    expect(errorText(new ApiError('Conflict', 409))).toBe('Conflict');
  });

  it('place problems beside the fields a form holds and hand back the others', async () => {
    let form: FormInstance | undefined;
    function Probe() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f}>
          <Form.Item name="currency" label="Currency">
            <Input />
          </Form.Item>
        </Form>
      );
    }
    render(<Probe />);
    let rest: FieldError[] = [];
    act(() => {
      rest = placeFieldErrors(
        form!,
        rejected([
          { path: 'currency', message: 'Invalid value' },
          { path: 'lines.0.qty', message: 'Enter a number above 0' },
        ]),
      );
    });
    expect(rest.map((e) => e.name)).toEqual([['lines', 0, 'qty']]);
    expect(await screen.findByText('Invalid value')).toBeTruthy();
  });
});
