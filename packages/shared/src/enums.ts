/** Enumerations of spec §3/§4 used across server and web. */
export const USER_STATUS = { NORMAL: 0, LOCKED: 1 } as const;
export const USER_TYPE = { ADMIN: 0, SYSTEM: 1, OPERATOR: 2 } as const;
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

export const OPERATION_TYPE = {
  LOGIN: 0,
  LOGOUT: 5,
  ADD: 10,
  UPDATE: 15,
  DELETE: 20,
  ADD_M2M: 25,
  DELETE_M2M: 30,
  LIST: 35,
  LIST_WITH_GROUP: 40,
  EXPORT: 45,
  UPLOAD: 50,
  DOWNLOAD: 55,
  RELOAD_CACHE: 60,
} as const;
export type OperationType = (typeof OPERATION_TYPE)[keyof typeof OPERATION_TYPE];

/** Employee invitation statuses (spec §4). */
export const MEMBER_STATUS = {
  IN_PROGRESS: 0,
  INVALID: 1,
  JOINED: 2,
  QUIT: 3,
  RESIGNATION_UNBINDING: 4,
  NOT_JOINED: 5,
} as const;

export const MOBILE_AREAS = ['+86', '+852'] as const;
export type MobileArea = (typeof MOBILE_AREAS)[number];

/** Capability validity (spec §3 enterprise info): 1/3/5 years or a specified date. */
export const VALIDITY_TYPES = ['1', '3', '5', 'date'] as const;

export const MESSAGE_KINDS = ['system', 'contract', 'order', 'delivery', 'qualification'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const SCALES = ['1-49', '50-199', '200-999', '1000+'] as const;
export const RANK_TYPES = ['first', 'middle', 'last'] as const;
