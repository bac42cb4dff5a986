import type { UserInfo } from '@concord/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { suppliersApi } from '../../features/suppliers/suppliers.api.ts';
import { useSession } from '../../stores/session.ts';
import { useEnterpriseSides } from './useEnterpriseSides.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSession.getState().clear();
});

const page = (totalCount: number) => ({ dataList: [], totalCount });

function sidesOf(permissions: string[], suppliers: number | Error, customers: number) {
  useSession.setState({
    tenantId: '9',
    permissions,
    userInfo: { isAdmin: false, isJoin: true } as unknown as UserInfo,
  });
  const list = vi.spyOn(suppliersApi, 'list');
  if (suppliers instanceof Error) list.mockRejectedValue(suppliers);
  else list.mockResolvedValue(page(suppliers) as never);
  const customerList = vi.spyOn(suppliersApi, 'customers').mockResolvedValue(page(customers) as never);
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useEnterpriseSides(), { wrapper });
  return { result, list, customerList };
}

describe('the enterprise side, from its partner archives', () => {
  it('is a supplier with customers and no suppliers', async () => {
    const { result } = sidesOf(['PO_SUP_ARC', 'SL_CUS'], 0, 2);
    await waitFor(() => expect(result.current).toEqual(['supplier']));
  });

  it('is both with suppliers and customers', async () => {
    const { result } = sidesOf(['PO_SUP_ARC', 'SL_CUS'], 5, 1);
    await waitFor(() => expect(result.current).toEqual(['buyer', 'supplier']));
  });

  it('asks only the archives the user may read', async () => {
    const { result, list, customerList } = sidesOf(['SL_CUS'], 5, 1);
    await waitFor(() => expect(result.current).toEqual(['supplier']));
    expect(list).not.toHaveBeenCalled();
    expect(customerList).toHaveBeenCalledTimes(1);
  });

  it('knows nothing when a read fails, so the menu keeps the table order', async () => {
    const { result } = sidesOf(['PO_SUP_ARC'], new Error('down'), 0);
    await waitFor(() => expect(result.current).toEqual([]));
  });
});
