import type { UserInfo } from '@concord/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enUS } from '../locales/en-US.ts';
import { useSession } from '../stores/session.ts';
import { OperationButton, OperationScope, resolveOperation } from './OperationButton.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});

function signIn(permissions: string[], isAdmin = false) {
  useSession.setState({ permissions, userInfo: { isAdmin, permissions } as unknown as UserInfo });
}

afterEach(() => {
  cleanup();
  useSession.getState().clear();
});

interface Order {
  status: 'draft' | 'confirmed';
  locked: boolean;
}

const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

describe('OperationButton', () => {
  it('is disabled with a "no permission" tooltip when the permission check fails', async () => {
    signIn(['PO_SYN']);
    const onClick = vi.fn();
    render(
      <OperationButton permission="CF_LOG" onClick={onClick}>
        Export
      </OperationButton>,
    );
    const b = button('Export')!;
    expect(b.disabled).toBe(true);
    fireEvent.click(b);
    expect(onClick).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.mouseEnter(b.parentElement ?? b);
      fireEvent.pointerEnter(b);
    });
    await waitFor(() => expect(screen.getByText(enUS.result.noPermission)).toBeTruthy());
  });

  it('is enabled for a holder of the code and for an administrator', () => {
    signIn(['CF_LOG']);
    const { unmount } = render(<OperationButton permission="CF_LOG">Export</OperationButton>);
    expect(button('Export')!.disabled).toBe(false);
    unmount();
    signIn([], true);
    render(<OperationButton permission="CF_LOG">Export</OperationButton>);
    expect(button('Export')!.disabled).toBe(false);
  });

  it('is hidden per row by the visibility check and disabled per row by the row check', () => {
    signIn(['CG_TG_SURE']);
    const rows: Order[] = [
      { status: 'draft', locked: false },
      { status: 'draft', locked: true },
      { status: 'confirmed', locked: false },
    ];
    render(
      rows.map((row, i) => (
        <OperationButton<Order>
          key={`${row.status}-${row.locked}`}
          permission="CG_TG_SURE"
          row={row}
          visible={(o) => o.status === 'draft'}
          disabled={(o) => o.locked}
          disabledReason="Locked"
        >
          {`Confirm ${i}`}
        </OperationButton>
      )),
    );
    expect(button('Confirm 0')!.disabled).toBe(false);
    expect(button('Confirm 1')!.disabled).toBe(true);
    expect(button('Confirm 2')).toBeNull();
  });

  it('shows only read-only operations inside a read-only form', () => {
    signIn([], true);
    render(
      <OperationScope readOnly>
        <OperationButton>Edit</OperationButton>
        <OperationButton readOnly>Print</OperationButton>
      </OperationScope>,
    );
    expect(button('Edit')).toBeNull();
    expect(button('Print')).toBeTruthy();
  });
});

describe('resolveOperation', () => {
  const row: Order = { status: 'draft', locked: true };
  it('hides before it disables, and names why it disables', () => {
    expect(resolveOperation({ row, visible: () => false }, false, false)).toEqual({
      shown: false,
      disabled: true,
      reason: null,
    });
    expect(resolveOperation({ row, disabled: (o: Order) => o.locked }, false, false).reason).toBe('permission');
    expect(resolveOperation({ row, disabled: (o: Order) => o.locked }, true, false).reason).toBe('row');
    expect(resolveOperation({ row, disabled: true }, true, false).disabled).toBe(true);
    expect(resolveOperation({ row }, true, false)).toEqual({ shown: true, disabled: false, reason: null });
    expect(resolveOperation({ row, readOnly: false }, true, true).shown).toBe(false);
    expect(resolveOperation({ row, readOnly: true }, false, true)).toMatchObject({ shown: true, reason: 'permission' });
  });
});
