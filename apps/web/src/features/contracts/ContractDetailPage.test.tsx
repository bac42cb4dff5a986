import { type ContractDetail, CONTRACT_STATUS as S } from '@concord/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { useSession } from '../../stores/session.ts';
import { CustomerContractPage, SupplierContractPage } from './ContractDetailPage.tsx';
import { click, contractFixture, envelope, initI18n, renderAt, SLOW } from './testing.tsx';

beforeAll(initI18n);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const T = enUS.contracts;

function renderBuyer(detail: ContractDetail, permissions = ['PO_CON']) {
  return renderAt(<SupplierContractPage />, `/contract/supplier/detail?id=${detail.id}`, permissions, (url) =>
    envelope(url.includes('/actions/') ? { ...detail, version: detail.version + 1 } : detail),
  );
}

function renderSupplier(detail: ContractDetail, answer?: (url: string) => Response) {
  return renderAt(
    <CustomerContractPage />,
    `/contract/customer/detail?id=${detail.id}`,
    ['SL_CON'],
    answer ?? ((url) => envelope(url.includes('/actions/') ? { ...detail, version: detail.version + 1 } : detail)),
  );
}

const button = (name: string) => screen.queryByRole('button', { name: new RegExp(`^(\\S+ )?${name}$`) });

describe('ContractDetailPage', () => {
  it(
    "offers each side the steps of the machine for the status, and the buyer's edit only while it holds the contract",
    async () => {
      const buyer: [ContractDetail['status'], string[], string[]][] = [
        [S.DRAFT, [T.actions.edit, T.actions.send, T.actions.cancel], [T.actions.sign, T.actions.countersign]],
        [S.SENT, [T.actions.cancel], [T.actions.edit, T.actions.sign, T.actions.return, T.actions.countersign]],
        [S.SIGNED, [T.actions.countersign], [T.actions.sign, T.actions.cancel, T.actions.edit]],
        [S.RETURNED, [T.actions.edit, T.actions.send, T.actions.cancel], [T.actions.countersign]],
        [S.EFFECTIVE, [T.actions.terminate, T.actions.pdf], [T.actions.cancel, T.actions.edit]],
      ];
      for (const [status, shown, hidden] of buyer) {
        renderBuyer(contractFixture(status));
        expect(await screen.findByText('CT2611270001')).toBeTruthy();
        for (const name of shown) expect(button(name), `buyer ${status} ${name}`).toBeTruthy();
        for (const name of hidden) expect(button(name), `buyer ${status} ${name}`).toBeNull();
        cleanup();
        vi.restoreAllMocks();
      }
      renderSupplier(contractFixture(S.SENT, { side: 'supplier' }));
      expect(await screen.findByText('CT2611270001')).toBeTruthy();
      expect(button(T.actions.sign)).toBeTruthy();
      expect(button(T.actions.return)).toBeTruthy();
      expect(button(T.actions.edit)).toBeNull();
      expect(button(T.actions.cancel)).toBeNull();
      expect(screen.getByText(T.detail.readOnlySupplier)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows the lines with their breaks, cap and what is ordered, and the return reason on top',
    async () => {
      renderBuyer(contractFixture(S.RETURNED, { returnReason: 'Resin prices rose 8 %' }));
      expect(await screen.findByText(T.detail.returnedTitle)).toBeTruthy();
      expect(screen.getByText('Resin prices rose 8 %')).toBeTruthy();
      expect(screen.getByText(T.detail.returnedHint)).toBeTruthy();
      expect(screen.getByText('from 5,000.00: 2.9200')).toBeTruthy();
      expect(screen.getByText('12,000.00 of 50,000.00 ordered')).toBeTruthy();
      expect(screen.getByText('38,000.00')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'returns only with a reason, carrying the version read',
    async () => {
      const { sent } = renderSupplier(contractFixture(S.SENT, { side: 'supplier' }));
      expect(await screen.findByText('CT2611270001')).toBeTruthy();
      await click(button(T.actions.return)!);
      const dialog = await screen.findByRole('dialog');
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      expect(await within(dialog).findByText(T.detail.reasonRequired)).toBeTruthy();
      expect(sent('/actions/return')).toEqual([]);
      fireEvent.change(within(dialog).getByLabelText(T.fields.returnReason), { target: { value: 'Price too low' } });
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(sent('/actions/return')).toEqual([{ version: 4, reason: 'Price too low' }]));
    },
    SLOW,
  );

  it(
    'signs with the version read; a contract changed since is refused, said so, and read again',
    async () => {
      const detail = contractFixture(S.SENT, { side: 'supplier' });
      let reads = 0;
      const { sent } = renderSupplier(detail, (url) => {
        if (url.includes('/actions/sign')) {
          return envelope(null, 409, {
            errorCode: 'CONTRACT_CHANGED_SINCE_READ',
            msg: 'Contract CT2611270001 was changed after you read it',
          });
        }
        reads++;
        return envelope(detail);
      });
      expect(await screen.findByText('CT2611270001')).toBeTruthy();
      await click(button(T.actions.sign)!);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Sign this contract as it stands (version 4)?')).toBeTruthy();
      await click(within(dialog).getByRole('button', { name: enUS.common.confirm }));
      await waitFor(() => expect(sent('/actions/sign')).toEqual([{ version: 4 }]));
      expect(await screen.findByText(T.detail.changedSince)).toBeTruthy();
      expect(screen.getByText(/was changed after you read it/)).toBeTruthy();
      await waitFor(() => expect(reads).toBeGreaterThan(1));
    },
    SLOW,
  );
});
