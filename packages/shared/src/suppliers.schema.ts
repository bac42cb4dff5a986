import { z } from 'zod';
import { emailSchema, isValidMobile, mobileAreaSchema } from './accounts.schema.ts';
import { compNoSchema, inviteCodeSchema } from './enterprises.schema.ts';
import { listQuerySchema } from './paging.ts';
import { SUPPLIER_ARCHIVE_PARTNER_FIELDS } from './partner-views.ts';
import { idSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import {
  CHK_STATE,
  RELATION_STATE,
  SUPPLIER_INVITE_STATE,
  SUPPLIER_ROW_ACTIONS,
  type SupplierRowAction,
  SYNC_STATE,
} from './suppliers.states.ts';
import { idReplySchema, maskable, oneOfReplySchema, timestampSchema } from './wire.ts';

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

/**
 * The stored registration data and archive as replies carry them: every field may be missing (a
 * registration taken from the enterprise's own information has no business type yet), and what was
 * stored is read back as it is, not checked again.
 */
const companyReplyFields = {
  fullName: z.string(),
  enterpriseAbbreviation: z.string(),
  supBusinessType: z.enum(SUPPLIER_BUSINESS_TYPES),
  natureOfCompany: z.enum(NATURES_OF_COMPANY),
  currency: z.enum(SUPPLIER_CURRENCIES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  socialCreditCode: z.string(),
  registeredCapital: z.string(),
  registeredLegalPerson: z.string(),
  natureOfBusiness: z.string(),
  productDescription: z.string(),
  businessAddress: z.string(),
  addressProvince: z.string(),
  addressCity: z.string(),
  supConnectPhone: z.string(),
  bankName: z.string(),
  supBankAccount: z.string(),
  supTaxType: z.string(),
};
export const supplierRegistrationReplySchema = z.object(companyReplyFields).partial();
export const supplierArchiveReplySchema = z
  .object({
    ...companyReplyFields,
    ERPOfficialCode: z.string(),
    validType: z.string(),
    belongArea: z.string(),
    povincialCity: z.string(),
    supTaxCategory: z.string(),
    supPayCondition: z.string(),
    supClass1: z.string(),
    supClass2: z.string(),
    supClass3: z.string(),
    customerStatus: z.string(),
  })
  .partial();

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

export const supplierContactReplySchema = z.object({
  id: idReplySchema,
  name: z.string(),
  position: z.string(),
  mobile: z.string(),
  email: z.string(),
  weChatNumber: z.string(),
  connectFax: z.string(),
  isPrimary: z.boolean(),
});
export type SupplierContact = z.input<typeof supplierContactReplySchema>;

/** GET and PUT …/contacts: the list with the version of the supplier row, to send back with the next save. */
export const supplierContactsViewSchema = z.object({
  version: z.number().int(),
  contacts: z.array(supplierContactReplySchema),
});
export type SupplierContactsView = z.input<typeof supplierContactsViewSchema>;

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

/** A supplier's name in a reply: `***` where the viewer's position hides supplier names. */
const supplierNameReply = maskable(z.string());

export const supplierListItemSchema = z.object({
  id: idReplySchema,
  supCode: z.string(),
  supName: supplierNameReply,
  supShort: supplierNameReply,
  supplierClassId: idReplySchema.nullable(),
  supplierClassName: z.string().nullable(),
  supplierTenantId: idReplySchema.nullable(),
  /** The supplier enterprise's number on the network, when it is on it. */
  supplierCompNo: z.string().nullable(),
  inviteState: oneOfReplySchema(SUPPLIER_INVITE_STATE),
  chkState: oneOfReplySchema(CHK_STATE),
  relationState: oneOfReplySchema(RELATION_STATE),
  syncState: oneOfReplySchema(SYNC_STATE),
  pgState: z.number().int(),
  lifeCycle: z.string(),
  receiverName: z.string(),
  adminMobileArea: z.string(),
  adminMobile: z.string(),
  contactEmail: z.string(),
  primaryContact: z.string().nullable(),
  invitationDate: timestampSchema.nullable(),
  auditDate: timestampSchema.nullable(),
  joinDate: timestampSchema.nullable(),
  version: z.number().int(),
  createdAt: timestampSchema,
});
export type SupplierListItem = z.input<typeof supplierListItemSchema>;

export const supplierDetailSchema = supplierListItemSchema.extend({
  /** Which side of the relation the caller is on: the buyer owns the archive, the supplier reads it. */
  side: z.enum(['buyer', 'supplier']),
  /** The buyer enterprise (for the supplier side's header). */
  buyerName: z.string(),
  archive: supplierArchiveReplySchema,
  registration: supplierRegistrationReplySchema,
  auditDescription: z.string(),
  contacts: z.array(supplierContactReplySchema),
  /** Open link invitation to a company not yet on the network. */
  pendingInvitation: z.object({ mobile: z.string(), email: z.string(), expiresAt: timestampSchema }).nullable(),
});
export type SupplierDetail = z.input<typeof supplierDetailSchema>;

const partnerFields = Object.fromEntries(SUPPLIER_ARCHIVE_PARTNER_FIELDS.map((f) => [f, true])) as Record<
  (typeof SUPPLIER_ARCHIVE_PARTNER_FIELDS)[number],
  true
>;

/**
 * GET /gateway/srm/suppliers/:id and the archive writes: the whole archive to its owner, the partner
 * view (partner-views.ts) to the supplier. The partner reply carries nothing beyond the partner fields.
 */
export const supplierViewSchema = z.discriminatedUnion('side', [
  supplierDetailSchema.extend({ side: z.literal('buyer') }),
  supplierDetailSchema.pick(partnerFields).extend({ side: z.literal('supplier') }),
]);

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
export const partnerInvitationPreviewReplySchema = z.object({
  buyerName: z.string(),
  buyerCompNo: z.string(),
  enterpriseName: z.string(),
  receiverName: z.string(),
  expiresAt: timestampSchema,
});
export type PartnerInvitationPreview = z.input<typeof partnerInvitationPreviewReplySchema>;

/** An invitation addressed to the caller's enterprise, waiting for its registration data. */
export const incomingSupplierInvitationSchema = z.object({
  supplierId: idReplySchema,
  buyerTenantId: idReplySchema,
  buyerName: z.string(),
  buyerCompNo: z.string(),
  supName: supplierNameReply,
  receiverName: z.string(),
  chkState: oneOfReplySchema(CHK_STATE),
  auditDescription: z.string(),
  invitationDate: timestampSchema.nullable(),
  registration: supplierRegistrationReplySchema,
  version: z.number().int(),
});
export type IncomingSupplierInvitation = z.input<typeof incomingSupplierInvitationSchema>;

export const supplierInviteResultSchema = z.object({
  id: idReplySchema,
  supCode: z.string(),
  inviteState: oneOfReplySchema(SUPPLIER_INVITE_STATE),
  /** Whether a registration link was sent (company not on the network). */
  linkSent: z.boolean(),
});
export type SupplierInviteResult = z.input<typeof supplierInviteResultSchema>;

/** The accepted relation: the buyer's archive row and the supplier's new (or renewed) customer row. */
export const supplierAcceptResultSchema = z.object({ supplierId: idReplySchema, customerId: idReplySchema });
export type SupplierAcceptResult = z.input<typeof supplierAcceptResultSchema>;

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

export const supplierClassSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  buyerUserId: idReplySchema.nullable(),
  buyerName: z.string().nullable(),
  groupControl: z.boolean(),
  supplierCount: z.number().int(),
  version: z.number().int(),
  createdAt: timestampSchema,
});
export type SupplierClass = z.input<typeof supplierClassSchema>;

export const supplierClassBuyerOptionSchema = z.object({ userId: idReplySchema, name: z.string() });
export type SupplierClassBuyerOption = z.input<typeof supplierClassBuyerOptionSchema>;

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

export const customerItemSchema = z.object({
  id: idReplySchema,
  customerTenantId: idReplySchema,
  relationId: idReplySchema,
  poCode: z.string(),
  poName: z.string(),
  poShort: z.string(),
  remarks: z.string(),
  /** The customer enterprise as it names itself on the network. */
  customerName: z.string(),
  customerCompNo: z.string(),
  /** The relation as the buyer's archive records it. */
  inviteState: oneOfReplySchema(SUPPLIER_INVITE_STATE),
  chkState: oneOfReplySchema(CHK_STATE),
  relationState: oneOfReplySchema(RELATION_STATE),
  joinDate: timestampSchema.nullable(),
  version: z.number().int(),
  createdAt: timestampSchema,
});
export type CustomerItem = z.input<typeof customerItemSchema>;

export const customerDetailSchema = customerItemSchema.extend({
  /** The code the customer gave this supplier in its archive. */
  supCode: z.string(),
  auditDescription: z.string(),
  registration: supplierRegistrationReplySchema,
});
export type CustomerDetail = z.input<typeof customerDetailSchema>;

export const supplierOperationRecordSchema = z.object({
  id: idReplySchema,
  username: z.string(),
  operationType: z.number().int(),
  summary: z.string(),
  createdAt: timestampSchema,
});
export type SupplierOperationRecord = z.input<typeof supplierOperationRecordSchema>;
