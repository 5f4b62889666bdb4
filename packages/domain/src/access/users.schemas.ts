import { JOB_PEOPLE_ROLES } from '../jobs/job-people.rules.ts';
import { z } from 'zod';
import {
  optionalPhone,
  clearableText,
  emailField,
  idListQuery,
  namedRef,
  orderValueSchema,
  pageQuery,
  passwordField,
  requiredText,
  storableInstant,
  uuidField,
  versionField,
} from '../common/common.schemas.ts';
import { accessLevelSchema, roleNameSchema } from './roles.rules.ts';
import { moneyField } from '../billing/billing.schemas.ts';
import { MAX_RATE_CENTS } from '../common/money.rules.ts';

export const USER_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: z.string(),
  access: accessLevelSchema,
  status: z.enum(USER_STATUSES),
  profileImageUrl: z.string().nullable(),
  tags: z.array(namedRef),
  zones: z.array(namedRef),
  addedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  version: z.number(),
  /** Hourly labor cost in dollars (prefilled on labor costs); the team routes are office-only. */
  costRate: z.number().optional(),
});
export type User = z.infer<typeof userSchema>;

export const USER_ORDER_KEYS = ['createdAt', 'name', 'email', 'role'] as const;

export const userListQuery = z.strictObject({
  ...pageQuery,
  searchBy: z.enum(['name', 'email'], { error: 'searchBy must be name or email.' }).default('name'),
  search: z.string().trim().max(100).optional(),
  name: z.string().trim().max(100).optional(),
  addedBy: uuidField('addedBy').optional(),
  joinedOnStartDate: z.iso
    .datetime({ offset: true, error: 'joinedOnStartDate must be an ISO date-time.' })
    .refine(storableInstant, { error: 'joinedOnStartDate must be an ISO date-time.' })
    .optional(),
  joinedOnEndDate: z.iso
    .datetime({ offset: true, error: 'joinedOnEndDate must be an ISO date-time.' })
    .refine(storableInstant, { error: 'joinedOnEndDate must be an ISO date-time.' })
    .optional(),
  status: z.enum(USER_STATUSES, { error: 'status must be ACTIVE or DISABLED.' }).optional(),
  role: roleNameSchema.optional(),
  /** Only people who can hold this role on a job (the Job Lead and Sales Manager pickers). */
  eligibleFor: z.enum(JOB_PEOPLE_ROLES, { error: 'eligibleFor must be jobLead or salesManager.' }).optional(),
  orderByKey: z.enum(USER_ORDER_KEYS, { error: 'orderByKey is not a sortable column.' }).default('createdAt'),
  orderByValue: orderValueSchema.default('desc'),
  tags: idListQuery('Tag ID'),
  zones: idListQuery('Zone ID'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  access: accessLevelSchema,
  invitedBy: z.object({ userId: z.string(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED']),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitedListQuery = z.strictObject({
  ...pageQuery,
  search: z.string().trim().max(100).optional(),
  invitedBy: uuidField('invitedBy').optional(),
  invitedOnStartDate: z.iso
    .datetime({ offset: true, error: 'invitedOnStartDate must be an ISO date-time.' })
    .refine(storableInstant, { error: 'invitedOnStartDate must be an ISO date-time.' })
    .optional(),
  invitedOnEndDate: z.iso
    .datetime({ offset: true, error: 'invitedOnEndDate must be an ISO date-time.' })
    .refine(storableInstant, { error: 'invitedOnEndDate must be an ISO date-time.' })
    .optional(),
  status: z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED']).optional(),
  orderByValue: orderValueSchema.default('desc'),
});
export type InvitedListQuery = z.infer<typeof invitedListQuery>;

const tagRefs = z.array(z.strictObject({ id: uuidField('Tag ID') }), { error: 'Tags must be an array.' }).max(50);
const zoneRefs = z.array(z.strictObject({ id: uuidField('Zone ID') }), { error: 'Zones must be an array.' }).max(50);

export const createInvitationBody = z.strictObject({
  email: emailField,
  role: roleNameSchema,
  access: accessLevelSchema.optional(),
  tags: tagRefs.optional(),
  zones: zoneRefs.optional(),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBody>;

export const createdInvitationSchema = z.object({ invitation: invitationSchema, link: z.string() });

export const changeRoleBody = z.strictObject({ role: roleNameSchema, access: accessLevelSchema });
export type ChangeRoleBody = z.infer<typeof changeRoleBody>;

export const changeStatusBody = z.strictObject({
  status: z.enum(USER_STATUSES, { error: 'status must be ACTIVE or DISABLED.' }),
});

/** An admin editing a team member's profile (technician qualification tags, operating zones). */
export const updateUserBody = z.strictObject({
  name: requiredText('Name', 100),
  phone: clearableText('Phone', 40),
  tags: tagRefs,
  zones: zoneRefs,
  /** Hourly labor cost in dollars; unchanged when absent. */
  costRate: moneyField('Hourly Cost Rate', MAX_RATE_CENTS).optional(),
  version: versionField,
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

export const updateProfileBody = z.strictObject({
  name: requiredText('Name', 100),
  phone: optionalPhone,
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z.strictObject({
  currentPassword: z.string({ error: 'Current password is mandatory.' }).min(1, { error: 'Current password is mandatory.' }).max(200),
  newPassword: passwordField,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const managedAccountQuery = z.strictObject({
  ...pageQuery,
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'DISABLED']).optional(),
});

export const managedAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  timeZone: z.string(),
  role: z.string(),
  status: z.enum(['ACTIVE', 'DISABLED']),
});

export const PROFILE_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
