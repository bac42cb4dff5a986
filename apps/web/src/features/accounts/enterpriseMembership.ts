import { queryClient } from '../../api/queryClient.ts';
import { useSession } from '../../stores/session.ts';
import { useTags } from '../../stores/tags.ts';
import { reloadUserInfo } from './session.ts';

/** After creating or joining an enterprise the user works in it straight away. */
export async function enterEnterprise(tenantId: string): Promise<void> {
  useSession.getState().setTenant(tenantId);
  useTags.getState().reset();
  queryClient.removeQueries();
  await reloadUserInfo();
}
