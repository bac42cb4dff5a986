import { DEFAULT_USER_SETTINGS, type UserInfo, type UserSettings } from '@concord/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Settings = Required<UserSettings>;

interface SessionState {
  token: string | null;
  /** Epoch milliseconds after which the token is no longer sent. */
  expiresAt: number | null;
  tenantId: string | null;
  isJoin: boolean;
  userInfo: UserInfo | null;
  permissions: string[];
  settings: Settings;
  signIn: (token: string, expiresInSeconds: number) => void;
  replaceToken: (token: string) => void;
  setUserInfo: (info: UserInfo) => void;
  setTenant: (tenantId: string) => void;
  setSettings: (settings: Partial<Settings>) => void;
  clear: () => void;
}

const signedOut = {
  token: null,
  expiresAt: null,
  tenantId: null,
  isJoin: false,
  userInfo: null,
  permissions: [],
  settings: DEFAULT_USER_SETTINGS,
};

export const SESSION_STORAGE_KEY = 'concord-session';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...signedOut,
      signIn: (token, expiresInSeconds) =>
        set({ ...signedOut, token, expiresAt: Date.now() + expiresInSeconds * 1000 }),
      replaceToken: (token) => set({ token }),
      setUserInfo: (info) =>
        set((s) => ({
          userInfo: info,
          permissions: info.permissions,
          isJoin: info.isJoin,
          tenantId: info.sysUser.tenantId ?? s.tenantId,
          settings: { ...DEFAULT_USER_SETTINGS, ...info.sysUserSeeting },
        })),
      setTenant: (tenantId) => set({ tenantId, userInfo: null, permissions: [] }),
      setSettings: (settings) => set((s) => ({ settings: { ...s.settings, ...settings } })),
      clear: () => set(signedOut),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // User info and permissions are reloaded on every start so a changed position applies at once.
      partialize: (s) => ({
        token: s.token,
        expiresAt: s.expiresAt,
        tenantId: s.tenantId,
        isJoin: s.isJoin,
        settings: s.settings,
      }),
    },
  ),
);

/** The token if it has not expired yet. */
export function currentToken(): string | null {
  const { token, expiresAt } = useSession.getState();
  if (!token) return null;
  if (expiresAt !== null && expiresAt <= Date.now()) return null;
  return token;
}

export function hasPermission(code: string): boolean {
  const { userInfo, permissions } = useSession.getState();
  return checkPermission(code, userInfo?.isAdmin ?? false, permissions);
}

/** Spec §6 without the joined-cookie shortcut: an administrator, or the code is held. */
export function checkPermission(code: string, isAdmin: boolean, permissions: readonly string[]): boolean {
  return isAdmin || permissions.includes(code);
}
