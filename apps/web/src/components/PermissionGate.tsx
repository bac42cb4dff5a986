import type { ReactNode } from 'react';
import { checkPermission, useSession } from '../stores/session.ts';

/** Spec §6 without the joined-cookie shortcut: administrators pass, others need the code. */
export function usePermission(code: string): boolean {
  const isAdmin = useSession((s) => s.userInfo?.isAdmin ?? false);
  const permissions = useSession((s) => s.permissions);
  return checkPermission(code, isAdmin, permissions);
}

export function useAnyPermission(): (codes: readonly string[]) => boolean {
  const isAdmin = useSession((s) => s.userInfo?.isAdmin ?? false);
  const permissions = useSession((s) => s.permissions);
  return (codes) => codes.some((code) => checkPermission(code, isAdmin, permissions));
}

export function PermissionGate({
  code,
  children,
  fallback = null,
}: {
  code: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return usePermission(code) ? children : fallback;
}
