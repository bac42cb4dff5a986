import { z } from 'zod';
import { emailSchema, isValidMobile, mobileAreaSchema } from './accounts.schema.ts';
import { compNoSchema, inviteCodeSchema } from './enterprises.schema.ts';
import { listQuerySchema } from './paging.ts';
import { idSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import {
  CHK_STATE,
  RELATION_STATE,
  SUPPLIER_INVITE_STATE,
  SUPPLIER_ROW_ACTIONS,
  type SupplierRowAction,
  type SupplierSide,
  SYNC_STATE,
} from './suppliers.states.ts';

/**
 * Request and reply shapes of the supplier archive, its contacts and classes (buyer side), and the
 * customer archive (supplier side); spec §3 supplier, contact and customer fields, §5 required fields.
 */

const text = textSchema;
const requiredText = requiredTextSchema;
const optionalEmail = textSchema(254)
  .toLowerCase()
  .refine((v) => v === '' || emailSchema.safeParse(v).success, 'email')
  .default('');

/** How long a partner invitation link to a company not yet on the network stays open. */
export const PARTNER_INVITATION_TTL_DAYS = 30;
/** The query parameter of /profile/index that carries a partner invitation's token. */
export const PARTNER_INVITATION_PARAM = 'partnerInvitation';

// ---------------------------------------------------------------------------------------------
// Value lists of the archive (labels live in the web's `partners` namespace)

export const NATURES_OF_COMPANY = [
  'stateOwned',
  'private',
  'foreignFunded',
  'jointVenture',
  'collective',
  'individual',
  'other',
] as const;
export const SUPPLIER_BUSINESS_TYPES = ['manufacturer', 'trader', 'agent', 'serviceProvider', 'other'] as const;
export const SUPPLIER_CURRENCIES = ['CNY', 'HKD', 'USD', 'EUR', 'JPY'] as const;
export const PAYMENT_METHODS = ['bankTransfer', 'acceptanceBill', 'letterOfCredit', 'cash', 'other'] as const;
export const SUPPLIER_LIFE_CYCLES = ['introduction', 'trial', 'formal', 'phaseOut'] as const;
export type SupplierLifeCycle = (typeof SUPPLIER_LIFE_CYCLES)[number];

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: 'required' });

// ---------------------------------------------------------------------------------------------
// The descriptive archive (the `archive` jsonb) and the registration data the supplier submits

/** Spec §5 "supplier required": full name, abbreviation, business type, company nature, currency, payment method. */
const requiredCompanyFields = {
  fullName: requiredText(128),
  enterpriseAbbreviation: requiredText(64),
  supBusinessType: oneOf(SUPPLIER_BUSINESS_TYPES),
  natureOfCompany: oneOf(NATURES_OF_COMPANY),
  currency: oneOf(SUPPLIER_CURRENCIES),
  paymentMethod: oneOf(PAYMENT_METHODS),
};

/** What the supplier says about itself; also part of the buyer's archive. */
const companyFields = {
  ...requiredCompanyFields,
  socialCreditCode: z
    .string()
    .trim()
    .regex(/^([0-9A-HJ-NPQRTUWXY]{18})?$/, 'invalid')
    .default(''),
  registeredCapital: text(64).default(''),
  registeredLegalPerson: text(64).default(''),
  natureOfBusiness: text(500).default(''),
  productDescription: text(2000).default(''),
  businessAddress: text(256).default(''),
  addressProvince: text(64).default(''),
  addressCity: text(64).default(''),
  supConnectPhone: text(32).default(''),
  bankName: text(128).default(''),
  supBankAccount: text(64).default(''),
  supTaxType: text(64).default(''),
};

/** Every descriptive supplier field of spec §3 kept in the buyer's archive. */
export const supplierArchiveSchema = z.object({
  ...companyFields,
  ERPOfficialCode: text(64).default(''),
  validType: text(32).default(''),
  belongArea: text(64).default(''),
  povincialCity: text(64).default(''),
  supTaxCategory: text(64).default(''),
  supPayCondition: text(128).default(''),
  supClass1: text(64).default(''),
  supClass2: text(64).default(''),
  supClass3: text(64).default(''),
  customerStatus: text(64).default(''),
});
export type SupplierArchive = z.infer<typeof supplierArchiveSchema>;
export type SupplierArchiveInput = z.input<typeof supplierArchiveSchema>;
export const SUPPLIER_ARCHIVE_FIELDS = Object.keys(supplierArchiveSchema.shape) as (keyof SupplierArchive)[];
export const SUPPLIER_REQUIRED_FIELDS = Object.keys(requiredCompanyFields) as (keyof SupplierArchive)[];

/** The registration data a supplier fills in when it accepts an invitation. */
export const supplierRegistrationSchema = z.object(companyFields);
export type SupplierRegistration = z.infer<typeof supplierRegistrationSchema>;
export type SupplierRegistrationInput = z.input<typeof supplierRegistrationSchema>;
export const SUPPLIER_REGISTRATION_FIELDS = Object.keys(companyFields) as (keyof SupplierRegistration)[];

// ---------------------------------------------------------------------------------------------
// Contacts

export const supplierContactSchema = z
  .object({
    name: requiredText(64),
    position: text(64).default(''),
    mobile: text(11)
      .regex(/^(\d{8,11})?$/, 'mobile')
      .default(''),
    email: optionalEmail,
    weChatNumber: text(64).default(''),
    connectFax: text(32).default(''),
    isPrimary: z.boolean().default(false),
  })
  .refine((c) => !c.mobile || isValidMobile(c.mobile, c.mobile.length === 8 ? '+852' : '+86'), {
    message: 'mobile',
    path: ['mobile'],
  });
export type SupplierContactInput = z.input<typeof supplierContactSchema>;

/** A supplier's contact list; when it has any contact, exactly one is the primary one. */
export const supplierContactListSchema = z
  .array(supplierContactSchema)
  .max(50, 'tooLong')
  .refine((list) => list.length === 0 || list.filter((c) => c.isPrimary).length === 1, 'invalid');

/**
 * PUT /gateway/srm/suppliers/:id/contacts: the list is saved whole, so it carries the version of the
 * supplier row it was read with; an editor who read an older list gets 409 instead of dropping a change.
 */
export const supplierContactsUpdateSchema = z.object({
  version: versionSchema,
  contacts: supplierContactListSchema,
});
export type SupplierContactsUpdateInput = z.input<typeof supplierContactsUpdateSchema>;

export interface SupplierContact {
  id: string;
  name: string;
  position: string;
  mobile: string;
  email: string;
  weChatNumber: string;
  connectFax: string;
  isPrimary: boolean;
}

/** GET and PUT …/contacts: the list with the version of the supplier row, to send back with the next save. */
export interface SupplierContactsView {
  version: number;
  contacts: SupplierContact[];
}

// ---------------------------------------------------------------------------------------------
// The buyer's archive row

const buyerFields = {
  supName: requiredText(128),
  supShort: text(64).default(''),
  supplierClassId: idSchema.nullable().default(null),
  lifeCycle: z.enum([...SUPPLIER_LIFE_CYCLES, ''] as const, { message: 'invalid' }).default(''),
  receiverName: text(64).default(''),
  adminMobileArea: mobileAreaSchema,
  adminMobile: text(11).default(''),
  contactEmail: optionalEmail,
  archive: supplierArchiveSchema,
};
const adminMobileRule = (v: { adminMobile: string; adminMobileArea: string }) =>
  !v.adminMobile || isValidMobile(v.adminMobile, v.adminMobileArea);

/** POST /gateway/srm/suppliers: an archive of a supplier not (yet) on the network. */
export const supplierCreateSchema = z
  .object({
    /** Left empty, the next free code is given. */
    supCode: text(32).default(''),
    ...buyerFields,
    contacts: supplierContactListSchema.default([]),
  })
  .refine(adminMobileRule, { message: 'mobile', path: ['adminMobile'] });
export type SupplierCreateInput = z.input<typeof supplierCreateSchema>;

/** PUT /gateway/srm/suppliers/:id: the buyer's fields only; states change through actions. */
export const supplierUpdateSchema = z
  .object({ version: versionSchema, supCode: requiredText(32), ...buyerFields })
  .refine(adminMobileRule, { message: 'mobile', path: ['adminMobile'] });
export type SupplierUpdateInput = z.input<typeof supplierUpdateSchema>;

/** PUT /gateway/srm/suppliers/:id/registration: the supplier saves its registration data while in progress. */
export const supplierRegistrationUpdateSchema = z.object({
  version: versionSchema,
  registration: supplierRegistrationSchema,
});
export type SupplierRegistrationUpdateInput = z.input<typeof supplierRegistrationUpdateSchema>;

const stateOf = <T extends Record<string, number>>(values: T) =>
  z
    .number()
    .int()
    .refine((v) => Object.values(values).includes(v), 'invalid');

export const supplierListSchema = listQuerySchema(
  z.object({
    supCode: text(32).optional(),
    /** Matches the name or the short name. */
    supName: text(128).optional(),
    inviteState: stateOf(SUPPLIER_INVITE_STATE).optional(),
    chkState: stateOf(CHK_STATE).optional(),
    relationState: stateOf(RELATION_STATE).optional(),
    syncState: stateOf(SYNC_STATE).optional(),
    supplierClassId: idSchema.optional(),
  }),
);
export type SupplierListQuery = z.input<typeof supplierListSchema>;
export type SupplierListFilter = NonNullable<SupplierListQuery['filter']>;
export const SUPPLIER_SORTABLE = ['supCode', 'supName', 'inviteState', 'invitationDate', 'joinDate', 'createdAt'];

export const supplierActionParamsSchema = z.object({
  id: idSchema,
  action: z.enum(SUPPLIER_ROW_ACTIONS as unknown as [SupplierRowAction, ...SupplierRowAction[]]),
});
/** Reject needs the reason, which the supplier reads; the others may carry a remark. */
export const supplierActionSchema = z.object({ auditDescription: text(500).default('') });
export type SupplierActionInput = z.input<typeof supplierActionSchema>;

export interface SupplierListItem {
  id: string;
  supCode: string;
  supName: string;
  supShort: string;
  supplierClassId: string | null;
  supplierClassName: string | null;
  supplierTenantId: string | null;
  /** The supplier enterprise's number on the network, when it is on it. */
  supplierCompNo: string | null;
  inviteState: number;
  chkState: number;
  relationState: number;
  syncState: number;
  pgState: number;
  lifeCycle: string;
  receiverName: string;
  adminMobileArea: string;
  adminMobile: string;
  contactEmail: string;
  primaryContact: string | null;
  invitationDate: string | null;
  auditDate: string | null;
  joinDate: string | null;
  version: number;
  createdAt: string;
}

export interface SupplierDetail extends SupplierListItem {
  /** Which side of the relation the caller is on: the buyer owns the archive, the supplier reads it. */
  side: SupplierSide;
  /** The buyer enterprise (for the supplier side's header). */
  buyerName: string;
  archive: Partial<SupplierArchive>;
  registration: Partial<SupplierRegistration>;
  auditDescription: string;
  contacts: SupplierContact[];
  /** Open link invitation to a company not yet on the network. */
  pendingInvitation: { mobile: string; email: string; expiresAt: string } | null;
}

// ---------------------------------------------------------------------------------------------
// Invitations

const inviteCommon = {
  /** Invite an archive row that already exists (not invited yet) instead of making a new one. */
  supplierId: idSchema.optional(),
  supCode: text(32).default(''),
  supplierClassId: idSchema.nullable().default(null),
  receiverName: requiredText(64),
};

/** By enterprise number: an enterprise already on the network. */
export const inviteByCompNoSchema = z.object({ by: z.literal('compNo'), compNo: compNoSchema, ...inviteCommon });

/** By mobile or e-mail: a company not on the network yet, which gets a registration link. */
export const inviteByContactSchema = z
  .object({
    by: z.literal('contact'),
    enterpriseName: requiredText(128),
    mobileArea: mobileAreaSchema,
    mobile: text(11).default(''),
    email: optionalEmail,
    ...inviteCommon,
  })
  .refine((v) => !!v.mobile || !!v.email, { message: 'required', path: ['mobile'] })
  .refine((v) => !v.mobile || isValidMobile(v.mobile, v.mobileArea), { message: 'mobile', path: ['mobile'] });

export const supplierInviteSchema = z.discriminatedUnion('by', [inviteByCompNoSchema, inviteByContactSchema]);
export type SupplierInviteInput = z.input<typeof supplierInviteSchema>;

/** A supplier-side contact offered with the registration; it becomes the primary contact. */
export const registrationContactSchema = supplierContactSchema;

export const supplierAcceptSchema = z
  .object({
    supplierId: idSchema.optional(),
    token: textSchema(100).min(20, 'invalid').optional(),
    registration: supplierRegistrationSchema,
    contact: registrationContactSchema.optional(),
  })
  .refine((v) => !!v.supplierId !== !!v.token, { message: 'required', path: ['supplierId'] });
export type SupplierAcceptInput = z.input<typeof supplierAcceptSchema>;

export const partnerInvitationPreviewSchema = z.object({
  token: textSchema(100).min(20, 'invalid'),
});

/** What a link invitation is for, shown to the invitee before accepting. */
export interface PartnerInvitationPreview {
  buyerName: string;
  buyerCompNo: string;
  enterpriseName: string;
  receiverName: string;
  expiresAt: string;
}

/** An invitation addressed to the caller's enterprise, waiting for its registration data. */
export interface IncomingSupplierInvitation {
  supplierId: string;
  buyerTenantId: string;
  buyerName: string;
  buyerCompNo: string;
  supName: string;
  receiverName: string;
  chkState: number;
  auditDescription: string;
  invitationDate: string | null;
  registration: Partial<SupplierRegistration>;
  version: number;
}

export interface SupplierInviteResult {
  id: string;
  supCode: string;
  inviteState: number;
  /** Whether a registration link was sent (company not on the network). */
  linkSent: boolean;
}

// ---------------------------------------------------------------------------------------------
// Supplier classes

export const supplierClassFieldsSchema = z.object({
  code: requiredText(32),
  name: requiredText(64),
  buyerUserId: idSchema.nullable().default(null),
  groupControl: z.boolean().default(false),
});
export type SupplierClassInput = z.input<typeof supplierClassFieldsSchema>;
export const supplierClassUpdateSchema = supplierClassFieldsSchema.extend({ version: versionSchema });
export type SupplierClassUpdateInput = z.input<typeof supplierClassUpdateSchema>;
export const supplierClassListSchema = listQuerySchema(
  z.object({
    /** Matches the code or the name. */
    keyword: text(64).optional(),
  }),
);
export type SupplierClassListQuery = z.input<typeof supplierClassListSchema>;

export interface SupplierClass {
  id: string;
  code: string;
  name: string;
  buyerUserId: string | null;
  buyerName: string | null;
  groupControl: boolean;
  supplierCount: number;
  version: number;
  createdAt: string;
}

export interface SupplierClassBuyerOption {
  userId: string;
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Customers (supplier side)

export const customerUpdateSchema = z.object({
  version: versionSchema,
  poCode: text(32).default(''),
  poName: requiredText(128),
  poShort: text(64).default(''),
  remarks: text(500).default(''),
});
export type CustomerUpdateInput = z.input<typeof customerUpdateSchema>;

export const customerListSchema = listQuerySchema(
  z.object({
    /** Matches the customer code, name or short name. */
    keyword: text(128).optional(),
    relationState: stateOf(RELATION_STATE).optional(),
  }),
);
export type CustomerListQuery = z.input<typeof customerListSchema>;
export const CUSTOMER_SORTABLE = ['poCode', 'poName', 'createdAt'];

/** POST /gateway/srm/customers/invite: the supplier asks a customer, by its number and invite code, to list it. */
export const customerInviteSchema = z.object({
  compNo: compNoSchema,
  inviteCode: inviteCodeSchema,
  /** Left out, it is taken from the supplier's own enterprise information. */
  registration: supplierRegistrationSchema.optional(),
});
export type CustomerInviteInput = z.input<typeof customerInviteSchema>;

export interface CustomerItem {
  id: string;
  customerTenantId: string;
  relationId: string;
  poCode: string;
  poName: string;
  poShort: string;
  remarks: string;
  /** The customer enterprise as it names itself on the network. */
  customerName: string;
  customerCompNo: string;
  /** The relation as the buyer's archive records it. */
  inviteState: number;
  chkState: number;
  relationState: number;
  joinDate: string | null;
  version: number;
  createdAt: string;
}

export interface CustomerDetail extends CustomerItem {
  /** The code the customer gave this supplier in its archive. */
  supCode: string;
  auditDescription: string;
  registration: Partial<SupplierRegistration>;
}

export interface SupplierOperationRecord {
  id: string;
  username: string;
  operationType: number;
  summary: string;
  createdAt: string;
}
