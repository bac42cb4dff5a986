import { useQuery } from '@tanstack/react-query';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { suppliersApi } from '../../features/suppliers/suppliers.api.ts';
import { useSession } from '../../stores/session.ts';
import type { EnterpriseSide } from '../menuOrder.ts';

const NOT_ASKED = Promise.resolve(0);

/**
 * The sides the signed-in enterprise trades on, read from its partner archives: a buyer keeps
 * suppliers in its supplier archive (PO_SUP_ARC), a supplier has customers in its customer archive
 * (SL_CUS). An archive the user may not read tells nothing. undefined until both answers are in.
 */
export function useEnterpriseSides(): EnterpriseSide[] | undefined {
  const tenantId = useSession((s) => s.tenantId);
  const isJoin = useSession((s) => s.userInfo?.isJoin ?? false);
  const canAny = useAnyPermission();
  const readsSuppliers = canAny(['PO_SUP_ARC']);
  const readsCustomers = canAny(['SL_CUS']);
  const { data, isError } = useQuery({
    queryKey: ['enterpriseSides', tenantId, readsSuppliers, readsCustomers],
    queryFn: async () => {
      const [suppliers, customers] = await Promise.all([
        readsSuppliers ? suppliersApi.list({}, 1, 1).then((r) => r.totalCount) : NOT_ASKED,
        readsCustomers ? suppliersApi.customers({}, 1, 1).then((r) => r.totalCount) : NOT_ASKED,
      ]);
      const sides: EnterpriseSide[] = [];
      if (suppliers > 0) sides.push('buyer');
      if (customers > 0) sides.push('supplier');
      return sides;
    },
    enabled: isJoin,
    retry: false,
    // A new trading relation is rare; the next sign-in or enterprise switch picks it up.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silent: true },
  });
  // Failing to learn the side costs only the order of the menu.
  return isError ? [] : data;
}
