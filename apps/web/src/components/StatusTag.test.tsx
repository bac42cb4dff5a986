import {
  DELIVERY_NOTE_STATUS,
  deliveryNoteMachine,
  MEMBER_STATUS,
  PURCHASE_ORDER_STATUS,
  purchaseOrderMachine,
  STATE_MACHINES,
  urgentDeliveryMachine,
} from '@concord/shared';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../locales/en-US.ts';
import { zhCN } from '../locales/zh-CN.ts';
import { zhTW } from '../locales/zh-TW.ts';
import { StatusTag } from './StatusTag.tsx';
import * as styles from './statusStyles.ts';
import { memberStatuses, type StatusSet, statusStyle } from './statusStyles.ts';

const LOCALES = { 'en-US': enUS, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: Object.fromEntries(Object.entries(LOCALES).map(([lng, translation]) => [lng, { translation }])),
  });
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

const isSet = (value: unknown): value is StatusSet =>
  typeof value === 'object' && value !== null && 'statusName' in value && 'names' in value;
const sets: [string, StatusSet][] = [];
for (const [key, value] of [...Object.entries(STATE_MACHINES), ...Object.entries(styles)]) {
  if (isSet(value)) sets.push([key, value]);
}

describe('status styles', () => {
  it.each(sets)('%s: every status has a colour and words in every language', async (_key, set) => {
    const style = statusStyle(set);
    expect(style).toBeDefined();
    const names = set.names.filter((n) => n !== '');
    expect(Object.keys(style!.colours).sort()).toEqual([...names].sort());
    for (const lng of Object.keys(LOCALES)) {
      await i18n.changeLanguage(lng);
      for (const name of names) {
        for (const side of ['buyer', 'supplier'] as const) {
          const words = style!.label(i18n.t, name, side);
          expect(words, `${lng} ${name}`).not.toMatch(/^[\w.]+\.\w+$/);
          expect(words.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('StatusTag', () => {
  it('shows the feature’s words in the colour of the status', () => {
    const { container } = render(<StatusTag machine={purchaseOrderMachine} status={PURCHASE_ORDER_STATUS.CONFIRMED} />);
    expect(screen.getByText(enUS.purchaseOrders.statuses.confirmed)).toBeTruthy();
    expect(container.querySelector('.ant-tag-success')).not.toBeNull();
  });

  it('names a delivery note by the side that reads it', () => {
    render(
      <>
        <StatusTag machine={deliveryNoteMachine} status={DELIVERY_NOTE_STATUS.SENT} side="buyer" />
        <StatusTag machine={deliveryNoteMachine} status={DELIVERY_NOTE_STATUS.SENT} side="supplier" />
      </>,
    );
    expect(screen.getByText('In transit')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('zh-CN');
    render(<StatusTag machine={memberStatuses} status={MEMBER_STATUS.JOINED} />);
    expect(screen.getByText(zhCN.organization.staff.statuses.JOINED)).toBeTruthy();
  });

  it('shows a code the machine does not know bare', () => {
    // Urgent deliveries start at 1: 0 is no status.
    const { container } = render(<StatusTag machine={urgentDeliveryMachine} status={0} />);
    expect(container.textContent).toBe('0');
    expect(container.querySelector('.ant-tag')?.className).not.toMatch(/ant-tag-(default|processing|success)/);
  });
});
