import { ALL_PERMISSIONS, USER_TYPE } from '@concord/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type MemberAuth, type RequestContext, runAsMember } from '../platform/context.ts';

/** An administrator of `tenantId` with every permission: who the demo seed acts as. */
export function seedAdmin(userId: string, username: string, tenantId: string): MemberAuth {
  return {
    userId,
    username,
    sessionId: 'seed',
    tenantId,
    userType: USER_TYPE.ADMIN,
    permissions: new Set(ALL_PERMISSIONS),
    ip: '127.0.0.1',
    employeeId: null,
    deptId: null,
    positionIds: [],
    position: null,
    showPrice: true,
    showSupplier: true,
  };
}

const quietly = () => undefined;
const silent: FastifyBaseLogger = {
  level: 'silent',
  fatal: quietly,
  error: quietly,
  warn: quietly,
  info: quietly,
  debug: quietly,
  trace: quietly,
  silent: quietly,
  child: () => silent,
};

/**
 * Runs one seed step through the services as `auth`, in its own transaction, telling nobody: the
 * demo data is written by the same code as the product's, not by hand-made rows.
 */
export function asMember<T>(db: Db, auth: MemberAuth, work: (ctx: RequestContext) => Promise<T>): Promise<T> {
  return runAsMember({ db, tell: { db, quiet: true }, locale: 'zh-CN', log: silent }, auth, work);
}
