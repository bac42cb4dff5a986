import { CONTRACT_STATUS as S } from '@concord/shared';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { CustomerContractsPage, SupplierContractsPage } from './ContractListPage.tsx';
import { contractFixture, envelope, initI18n, renderAt, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.contracts;
const { lines: _lines, history: _history, ...ROW } = contractFixture(S.EFFECTIVE);
const page = { dataList: [ROW], totalCount: 1 };

describe('contract lists', () => {
  it(
    'lists the buyer’s supplier contracts by side, with the supplier, status and cap, and offers a new one',
    async () => {
      const { sent } = renderAt(<SupplierContractsPage />, '/contract/supplier', ['PO_CON'], () => envelope(page));
      expect((await screen.findAllByText('CT2611270001')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('S00001 Shenzhen Precision Parts').length).toBeGreaterThan(0);
      expect(screen.getAllByText(T.statuses.effective).length).toBeGreaterThan(0);
      expect(screen.getAllByText('150,000.00 CNY').length).toBeGreaterThan(0);
      expect(screen.getAllByRole('button', { name: new RegExp(T.actions.create) }).length).toBeGreaterThan(0);
      await waitFor(() => expect(sent('/srm/contracts/list')[0]?.filter).toEqual({ side: 'buyer' }));
    },
    SLOW,
  );

  it(
    'lists the supplier’s customer contracts by the customer, without a way to make one',
    async () => {
      const { sent } = renderAt(<CustomerContractsPage />, '/contract/customer', ['SL_CON'], () => envelope(page));
      expect((await screen.findAllByText('CT2611270001')).length).toBeGreaterThan(0);
      expect(screen.getAllByText('Huaxin Electronics').length).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: new RegExp(T.actions.create) })).toBeNull();
      await waitFor(() => expect(sent('/srm/contracts/list')[0]?.filter).toEqual({ side: 'supplier' }));
    },
    SLOW,
  );
});
