// Admin actions on a store beyond its terms: its users (invite, deactivate, reactivate, sign out
// everywhere), moving stores between sales reps, and the read-only catalogue preview.
import { z } from 'zod';
import { emailPhone } from '../auth/auth.schemas.ts';
import { RETAILER_NAME_MAX } from './retailers.schemas.ts';

/** At most this many stores named in one reassignment (the whole book of a rep needs no list). */
export const REASSIGN_MAX_IDS = 1000;

export const RETAILER_ACTION_MESSAGES = {
  userNameRequired: 'Name is required',
  userNameTooLong: `Name must be ${RETAILER_NAME_MAX} characters or less`,
  accountExists: 'An account with this email or phone number already exists',
  userNotFound: 'User not found',
  invited: 'Invitation sent',
  userDeactivated: 'User deactivated',
  userReactivated: 'User reactivated',
  signedOutEverywhere: 'User signed out everywhere',
  fromRepRequired: 'Choose the sales rep to move customers from',
  toRepRequired: 'Choose the sales rep to move customers to',
  sameRep: 'Choose a different sales rep to move the customers to',
  repNotFound: 'Sales rep not found',
  toRepInactive: 'This sales rep is inactive. Choose an active sales rep to move the customers to',
  retailerIds: `List between 1 and ${REASSIGN_MAX_IDS} stores`,
  retailerNotOfRep: (count: number) =>
    count === 1
      ? '1 of the listed stores is not assigned to that sales rep'
      : `${count} of the listed stores are not assigned to that sales rep`,
  reassigned: (moved: number) => (moved === 1 ? '1 customer moved' : `${moved} customers moved`),
} as const;

const bodyError = { error: 'Request body must be a JSON object' };

export const inviteRetailerUserBody = z.object(
  {
    name: z
      .string({ error: RETAILER_ACTION_MESSAGES.userNameRequired })
      .trim()
      .min(1, RETAILER_ACTION_MESSAGES.userNameRequired)
      .max(RETAILER_NAME_MAX, RETAILER_ACTION_MESSAGES.userNameTooLong),
    emailPhone,
  },
  bodyError,
);
export type InviteRetailerUserBody = z.input<typeof inviteRetailerUserBody>;

export const signedOutEverywhereSchema = z.object({ sessionsEnded: z.number().int() });

const repId = (message: string) => z.string({ error: message }).trim().min(1, message).max(100, message);

export const reassignBody = z.object(
  {
    fromSalesRepId: repId(RETAILER_ACTION_MESSAGES.fromRepRequired),
    toSalesRepId: repId(RETAILER_ACTION_MESSAGES.toRepRequired),
    retailerIds: z
      .array(z.string({ error: RETAILER_ACTION_MESSAGES.retailerIds }).max(100, RETAILER_ACTION_MESSAGES.retailerIds), {
        error: RETAILER_ACTION_MESSAGES.retailerIds,
      })
      .min(1, RETAILER_ACTION_MESSAGES.retailerIds)
      .max(REASSIGN_MAX_IDS, RETAILER_ACTION_MESSAGES.retailerIds)
      .optional(),
  },
  bodyError,
);
export type ReassignBody = z.input<typeof reassignBody>;

export const reassignResponse = z.object({ moved: z.number().int() });
export type ReassignResult = z.infer<typeof reassignResponse>;
