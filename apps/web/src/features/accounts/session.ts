import type { UserInfo } from '@concord/shared';
import { queryClient } from '../../api/queryClient.ts';
import { useSession } from '../../stores/session.ts';
import { useTags } from '../../stores/tags.ts';
import { accountsApi } from './accounts.api.ts';

/** Stores the token, then loads who the user is before any guarded screen renders. */
export async function completeSignIn(token: string, expiresIn: number): Promise<UserInfo> {
  useSession.getState().signIn(token, expiresIn);
  const info = await accountsApi.userInfo();
  useSession.getState().setUserInfo(info);
  return info;
}

export async function reloadUserInfo(): Promise<UserInfo> {
  const info = await accountsApi.userInfo();
  useSession.getState().setUserInfo(info);
  return info;
}

/** Spec §4 logout: token, user info, permissions, settings, join flag, cached views, tag views. */
export function clearLocalSession(): void {
  useSession.getState().clear();
  useTags.getState().reset();
  queryClient.clear();
}

export async function logout(): Promise<void> {
  try {
    await accountsApi.logout();
  } catch {
    // The local session is dropped even when the server no longer knows the token.
  }
  clearLocalSession();
}
