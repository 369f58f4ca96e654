// Sign-in rules: codes, passwords, sessions, retailer sign-up, password reset (spec §4 Login, §7 Auth).
import type { FastifyBaseLogger } from 'fastify';
import {
  normalizeEmailPhone,
  type CodeSentData,
  type ProfileData,
  type RolePermission,
  type SignInData,
  type SignupBody,
} from '@portal/shared/auth/auth.schemas';
import type { Config } from '../../config.ts';
import type { Db, DbOrTrx } from '../../db/database.ts';
import { isActiveAccount, type Actor } from '../../platform/auth/actor.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { signToken } from '../../platform/auth/tokens.ts';
import { nowIso } from '../../platform/clock.ts';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { SIGNUP_CLOSED_MESSAGE } from '@portal/shared/settings/settings.schemas';
import { refuseOnUniqueViolation } from '../../db/unique-violation.ts';
import { newId } from '../../platform/ids.ts';
import { queueMessage } from '../../platform/messaging/outbox.ts';
import type { CounterStore } from '../../platform/rate-limit.ts';
import { toRetailerRecord, toWarehouseDetails } from '../customers/customer-record.ts';
import { findCustomerById, findDistributor, listWarehouses } from '../customers/customers.service.ts';
import { recordSignInDevice } from '../devices/devices.service.ts';
import { emailSenderOf, selfRegistrationOpen } from '../settings/settings.service.ts';
import {
  findDefaultDistributorId,
  findLatestOtp,
  insertOtp,
  findOpenRequests,
  findUnverifiedRequest,
  findUserByAddress,
  findUserById,
  insertRetailerRequest,
  insertSession,
  insertUser,
  findCustomerUser,
  listCustomerUsers,
  setUserActive,
  markRequestVerified,
  revokeSession,
  revokeUserSessions,
  storeAndDiscard,
  updatePassword,
  updateRetailerRequest,
  userExistsWithEmailOrPhone,
  type OtpPurpose,
  type UserRow,
} from './auth.repository.ts';
import {
  accountKey,
  clearCodeAttempts,
  clearPasswordAttempts,
  RESEND_INTERVAL_MS,
  takeCodeAttempt,
  takePasswordAttempt,
  throttleCodeSend,
  type Limits,
} from './auth-limits.ts';
import { checkCode, newCode, OTP_TTL_MS } from './otp.service.ts';
import { grantsOfRole } from '../permissions/permissions.service.ts';

export interface AuthContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  counters: CounterStore;
}

/** Who is signing in from where: stored on the session row. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  deviceType: string | null;
  deviceName: string | null;
  deviceId: string | null;
}

export const MESSAGES = {
  otpSent: 'OTP sent successfully',
  otpVerified: 'OTP verified successfully',
  loginSuccess: 'Login successful',
  invalidCredentials: 'Invalid email/phone or password',
  invalidOtp: 'Invalid or expired OTP',
  inactive: 'Your account is inactive. Please contact your distributor.',
  salesOnly: 'Only sales representatives can sign in here. Please use the main login.',
  accountExists: 'An account with this email or phone number already exists',
  requestPending: 'A sign-up request with this email or phone number is already awaiting approval',
  passwordReset: 'Password reset successfully',
  loggedOut: 'Logged out successfully',
  profile: 'Profile fetched successfully',
} as const;

const CODE_SENT: CodeSentData = { expiresInSeconds: OTP_TTL_MS / 1000, resendAfterSeconds: RESEND_INTERVAL_MS / 1000 };

const limitsOf = (ctx: AuthContext) => ({ counters: ctx.counters, log: ctx.log });

const otpError = (status: 400 | 401) => new AppError('INVALID_OTP', MESSAGES.invalidOtp, { status });

// Verifying against this when the address is unknown keeps the answer time the same.
// Made at start-up, not on first use: the first unknown address must not pay for one more hash.
const dummyHash = hashPassword('timing-equaliser-not-a-password');
const timingHash = () => dummyHash;

// ---- sending codes ----

const CODE_TEXT: Record<OtpPurpose, { subject: string; lead: string }> = {
  login: { subject: 'Your sign-in code', lead: 'Your sign-in code is' },
  signup: { subject: 'Confirm your sign-up', lead: 'Your sign-up verification code is' },
  reset: { subject: 'Your password reset code', lead: 'Your password reset code is' },
};

/**
 * Makes a code for the address and either sends it (deliver: a known, active account or an open
 * sign-up request) or does the same work and throws it away: the same HMAC, the same two inserts
 * (the code, the message), rolled back. So neither the answer nor its time says whether the address
 * is known; the message itself is delivered after the answer (platform/messaging/outbox.ts).
 */
async function sendCode(ctx: AuthContext, target: string, purpose: OtpPurpose, deliver: boolean): Promise<void> {
  const { code, row } = newCode(ctx.config.jwtSecret, target, purpose);
  const text = CODE_TEXT[purpose];
  // Codes go out as the installation's distributor (the one sign-up joins), known address or not: the
  // same two queries either way.
  const distributor = await findDefaultDistributorId(ctx.db);
  const sender = distributor ? await emailSenderOf(ctx.db, distributor.id) : null;
  const message = {
    channel: target.includes('@') ? ('email' as const) : ('sms' as const),
    recipient: target,
    sender,
    subject: text.subject,
    body: `${text.lead} ${code}. It expires in ${OTP_TTL_MS / 60_000} minutes. If you did not ask for it, you can ignore this message.`,
  };
  if (!deliver) {
    await storeAndDiscard(ctx.db, row, {
      id: newId(),
      ...message,
      status: 'pending',
      error: null,
      created_at: nowIso(),
      sent_at: null,
    });
    return;
  }
  await insertOtp(ctx.db, row);
  await queueMessage(ctx, message);
}

/** POST /auth/login: a code to a known, active account; the same work and answer for any other. */
export async function requestLoginCode(ctx: AuthContext, emailPhone: string): Promise<CodeSentData> {
  const address = normalizeEmailPhone(emailPhone);
  await throttleCodeSend(limitsOf(ctx), address);
  const user = await findUserByAddress(ctx.db, address);
  await sendCode(ctx, address, 'login', Boolean(user && isActiveAccount(user)));
  return CODE_SENT;
}

/** POST /auth/forgotPassword: like requestLoginCode, with a reset code. */
export async function requestResetCode(ctx: AuthContext, emailPhone: string): Promise<CodeSentData> {
  const address = normalizeEmailPhone(emailPhone);
  await throttleCodeSend(limitsOf(ctx), address);
  const user = await findUserByAddress(ctx.db, address);
  await sendCode(ctx, address, 'reset', Boolean(user && isActiveAccount(user)));
  return CODE_SENT;
}

/**
 * POST /auth/resendOtp: a new code for whatever the address last asked for (sign-in, sign-up or
 * reset). Every lookup runs for every address, and an address with nothing to resend does the work
 * of a sign-in code without sending it.
 */
export async function resendCode(ctx: AuthContext, emailPhone: string): Promise<CodeSentData> {
  const address = normalizeEmailPhone(emailPhone);
  const [latest, request] = await Promise.all([findLatestOtp(ctx.db, address), findUnverifiedRequest(ctx.db, address)]);
  let purpose: OtpPurpose | null = latest?.purpose ?? null;
  let target = address;
  // A sign-up code goes to the e-mail even when the phone is typed.
  if (!purpose && request) {
    target = request.email;
    purpose = 'signup';
  }
  await throttleCodeSend(limitsOf(ctx), target);
  const user = await findUserByAddress(ctx.db, target);
  const deliver = purpose === 'signup' ? Boolean(request) : Boolean(purpose && user && isActiveAccount(user));
  await sendCode(ctx, target, purpose ?? 'login', deliver);
  return CODE_SENT;
}

// ---- signing in ----

async function startSession(ctx: AuthContext, user: UserRow, client: ClientInfo): Promise<SignInData> {
  const sessionId = newId();
  const at = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    // A device the user never signed in from marks the session new (the office's login-devices list).
    const isNewDevice = await recordSignInDevice(trx, user.id, client, at);
    await insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      device_type: client.deviceType,
      device_name: client.deviceName,
      device_id: client.deviceId,
      ip: client.ip,
      user_agent: client.userAgent,
      current_customer_id: null,
      created_at: at,
      last_seen_at: at,
      revoked_at: null,
      is_new_device: isNewDevice ? 1 : 0,
    });
  });
  const token = await signToken(
    { sessionId, userId: user.id, role: user.role },
    ctx.config.jwtSecret,
    ctx.config.session.maxDays,
  );
  const session = await sessionData(ctx.db, user);
  return {
    token,
    role: user.role,
    wareHouseDetail: session.wareHouseDetail,
    storeDetail: session.storeDetail,
    logo: session.logo,
    rolesPermission: session.rolesPermission,
    userName: user.name,
  };
}

/** What every sign-in answer and the profile share: distributor detail, own store, logo, permissions. */
async function sessionData(
  db: Db,
  user: Pick<UserRow, 'id' | 'role' | 'customer_id' | 'distributor_id' | 'distributor_role_id'>,
  storeCustomerId: string | null = user.role === 'retailer' ? user.customer_id : null,
) {
  const [distributor, customer, permissions] = await Promise.all([
    findDistributor(db, user.distributor_id),
    storeCustomerId ? findCustomerById(db, storeCustomerId) : undefined,
    grantsOfRole(db, user.role === 'retailer' ? null : user.distributor_role_id),
  ]);
  if (!distributor) throw new Error(`user ${user.id} has no distributor`);
  const warehouses = await listWarehouses(db, distributor.id, customer?.warehouse_id);
  const rolesPermission: RolePermission[] = permissions;
  return {
    wareHouseDetail: toWarehouseDetails(distributor, warehouses),
    storeDetail: customer ? toRetailerRecord(customer) : null,
    customer,
    logo: distributor.logo_url,
    rolesPermission,
  };
}

/** POST /auth/verify: the code counts against the account's code limits, never its password lock. */
export async function verifyLoginCode(
  ctx: AuthContext,
  client: ClientInfo,
  body: { email_phone: string; otp: string },
): Promise<SignInData> {
  const address = normalizeEmailPhone(body.email_phone);
  const limits = limitsOf(ctx);
  const user = await findUserByAddress(ctx.db, address);
  const account = accountKey(user?.id, address);
  await takeCodeAttempt(limits, account, client.ip);
  const valid = await checkCode(ctx.db, ctx.config.jwtSecret, address, 'login', body.otp);
  if (!valid || !user || !isActiveAccount(user)) throw otpError(401);
  await clearCodeAttempts(limits, account, client.ip);
  return startSession(ctx, user, client);
}

/**
 * A password check that counts against the account's password limit: the attempt is taken before
 * checking (429 when the limit is used up, nothing checked), and a right password clears the count.
 * Sign-in and every role's change-password share it.
 */
async function checkPassword(limits: Limits, account: string, passwordHash: string | null | undefined, password: string) {
  await takePasswordAttempt(limits, account);
  const valid = await verifyPassword(passwordHash ?? (await timingHash()), password);
  if (valid) await clearPasswordAttempts(limits, account);
  return valid;
}

/** The current password of a signed-in user (change-password of every role), under the account's limit. */
export function checkCurrentPassword(
  limits: Limits,
  user: { id: string; password_hash: string | null },
  password: string,
): Promise<boolean> {
  return checkPassword(limits, accountKey(user.id, ''), user.password_hash, password);
}

/** POST /auth/loginWithPassword and (salesOnly) POST /auth/salesLogin. */
export async function passwordLogin(
  ctx: AuthContext,
  client: ClientInfo,
  body: { email_phone: string; password: string },
  opts: { salesOnly?: boolean } = {},
): Promise<SignInData> {
  const address = normalizeEmailPhone(body.email_phone);
  const user = await findUserByAddress(ctx.db, address);
  const valid = await checkPassword(limitsOf(ctx), accountKey(user?.id, address), user?.password_hash, body.password);
  if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials, { status: 401 });
  // Told only to someone who knows the password.
  if (!isActiveAccount(user)) throw new AppError('ACCOUNT_INACTIVE', MESSAGES.inactive, { status: 403 });
  if (opts.salesOnly && user.role !== 'sales') throw new AppError('SALES_ONLY', MESSAGES.salesOnly, { status: 403 });
  return startSession(ctx, user, client);
}

/** POST /auth/logout: the token fails from the next request on. */
export async function logout(ctx: AuthContext, actor: Actor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId);
}

/** GET /auth/profile: the session restore. */
export async function profile(ctx: AuthContext, actor: Actor, token: string): Promise<ProfileData> {
  const user = await findUserById(ctx.db, actor.userId);
  if (!user) throw unauthorized();
  // A sales rep's store is the working customer of this session.
  const storeCustomerId = user.role === 'retailer' ? user.customer_id : user.role === 'sales' ? actor.currentCustomerId : null;
  const session = await sessionData(ctx.db, user, storeCustomerId);
  const current = user.role === 'sales' ? session.customer : undefined;
  return {
    token,
    role: user.role,
    logo: session.logo,
    rolesPermission: session.rolesPermission,
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      distributorId: user.distributor_id,
      customerId: user.customer_id,
      salesRepId: user.sales_rep_id,
      distributorRoleId: user.distributor_role_id,
      isSessionActive: { currentCustomerId: current?.c_number ?? null },
    },
    storeDetail: session.storeDetail,
    wholeStoreDetail: session.wareHouseDetail,
  };
}

// ---- password reset ----

/** POST /auth/resetPassword: new password, every other session of the user revoked. */
export async function resetPassword(
  ctx: AuthContext,
  body: { email_phone: string; otp: string; password: string },
  caller: Actor | null,
  ip: string,
): Promise<void> {
  const address = normalizeEmailPhone(body.email_phone);
  const limits = limitsOf(ctx);
  const user = await findUserByAddress(ctx.db, address);
  const account = accountKey(user?.id, address);
  await takeCodeAttempt(limits, account, ip);
  const valid = await checkCode(ctx.db, ctx.config.jwtSecret, address, 'reset', body.otp);
  if (!valid || !user || !isActiveAccount(user)) throw otpError(400);
  await clearCodeAttempts(limits, account, ip);
  // The owner proved the address and chose a new password: the password lock has served its purpose.
  await clearPasswordAttempts(limits, account);
  const passwordHash = await hashPassword(body.password);
  await ctx.db.transaction().execute(async (trx) => {
    await updatePassword(trx, user.id, passwordHash);
    await revokeUserSessions(trx, user.id, caller?.userId === user.id ? caller.sessionId : null);
  });
}

// ---- retailer sign-up ----

/** POST /auth/signup: a retailer request waiting for its code (status unverified). */
export async function signup(
  ctx: AuthContext,
  body: SignupBody,
): Promise<{ email: string; phone: string; status: 'unverified' }> {
  const distributor = await findDefaultDistributorId(ctx.db);
  if (!distributor) throw new Error('no distributor to sign up with');
  // The distributor may close online sign-up (Settings); nothing is stored or sent then.
  if (!(await selfRegistrationOpen(ctx.db, distributor.id))) throw forbidden(SIGNUP_CLOSED_MESSAGE);
  const email = body.email.toLowerCase();
  const phone = normalizeEmailPhone(body.phone);
  // Hashed before the checks: the answer necessarily tells whether the address has an account (409),
  // but the time of the checks then says nothing more.
  const passwordHash = await hashPassword(body.password);
  if (await userExistsWithEmailOrPhone(ctx.db, email, phone)) throw conflict(MESSAGES.accountExists);
  const open = await findOpenRequests(ctx.db, email, phone);
  if (open.some((r) => r.status === 'pending')) throw conflict(MESSAGES.requestPending);
  await throttleCodeSend(limitsOf(ctx), email);

  const details = {
    store_name: body.storeName,
    owner_name: body.ownerName,
    email,
    phone,
    address: body.address ?? null,
    city: body.city ?? null,
    state: body.state ?? null,
    zip: body.zip ?? null,
    password_hash: passwordHash,
  };
  // Signing up again before verifying updates the same request.
  const earlier = open.find((r) => r.email.toLowerCase() === email) ?? open[0];
  if (earlier) {
    await updateRetailerRequest(ctx.db, earlier.id, details);
  } else {
    await insertRetailerRequest(ctx.db, {
      id: newId(),
      distributor_id: distributor.id,
      ...details,
      status: 'unverified',
      notes: null,
      customer_id: null,
      verified_at: null,
      reviewed_by_user_id: null,
      reviewed_at: null,
      created_at: nowIso(),
      reject_reason: null,
      created_by_user_id: null,
      updated_at: null,
    });
  }
  await sendCode(ctx, email, 'signup', true);
  return { email, phone, status: 'unverified' };
}

/** POST /auth/verifyRetailerOtp: unverified → pending (awaiting the distributor); no session yet. */
export async function verifyRetailerCode(
  ctx: AuthContext,
  body: { email_phone: string; otp: string },
  ip: string,
): Promise<{ status: 'pending' }> {
  const address = normalizeEmailPhone(body.email_phone);
  const limits = limitsOf(ctx);
  const request = await findUnverifiedRequest(ctx.db, address);
  // A sign-up request is its e-mail's account (its code goes there, whichever address is typed).
  const target = request?.email.toLowerCase() ?? address;
  const account = accountKey(undefined, target);
  await takeCodeAttempt(limits, account, ip);
  const valid = await checkCode(ctx.db, ctx.config.jwtSecret, request?.email ?? address, 'signup', body.otp);
  if (!valid || !request || !(await markRequestVerified(ctx.db, request.id))) throw otpError(400);
  await clearCodeAttempts(limits, account, ip);
  return { status: 'pending' };
}

const toCustomerUser = (u: {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  is_active: number;
  created_at: string;
}) => ({
  id: u.id,
  name: u.name,
  email: u.email,
  phone: u.phone,
  isActive: Number(u.is_active) === 1,
  createdAt: u.created_at,
});
export type CustomerUser = ReturnType<typeof toCustomerUser>;

/** A store's retailer users, for the office's store page (the customer is already checked by the caller). */
export async function usersOfCustomer(db: Db, customerId: string): Promise<CustomerUser[]> {
  const rows = await listCustomerUsers(db, customerId);
  return rows.map(toCustomerUser);
}

/** The caller's own write (an audit entry) in the same transaction as the user change. */
export type InTransaction = (trx: DbOrTrx, user: CustomerUser) => Promise<void>;

export const INVITE_MESSAGES = {
  accountExists: MESSAGES.accountExists,
  userNotFound: 'User not found',
} as const;

/** What an invitation says: its subject and text, given how the person signs in. */
export type InvitationText = (how: { name: string; isEmail: boolean; signInUrl: string }) => { subject: string; body: string };

/** A new user the office invites: who they are and what they are linked to. */
export interface Invitee {
  distributorId: string;
  role: UserRow['role'];
  name: string;
  emailPhone: string;
  customerId?: string | null;
  salesRepId?: string | null;
  distributorRoleId?: string | null;
  /** Where they sign in with a one-time code (a path of the web app, e.g. `/login`). */
  signInPath: string;
  text: InvitationText;
}

/**
 * The office invites a person: a user without a password, and an invitation through the outbox to the
 * address typed (e-mail or SMS). The person signs in with a one-time code (POST /auth/login,
 * /auth/verify) and then sets a password (staff on their profile, others with the reset flow,
 * /auth/forgotPassword and /auth/resetPassword, which needs no current password). An address that
 * already has an account is refused (409), also when two invitations race (the unique index), and so
 * is one of a sign-up request awaiting approval (409: approve or reject that request instead).
 * `before` runs in the transaction ahead of the user's insert (a record the user links to);
 * `after` (an audit entry) after it.
 */
export async function inviteUser(
  deps: Pick<AuthContext, 'db' | 'config' | 'log'>,
  input: Invitee,
  inTransaction: { before?: (trx: DbOrTrx) => Promise<void>; after?: InTransaction } = {},
): Promise<CustomerUser> {
  const address = normalizeEmailPhone(input.emailPhone);
  const isEmail = address.includes('@');
  const refusal = () => new AppError('CONFLICT', MESSAGES.accountExists, { fields: { emailPhone: MESSAGES.accountExists } });
  if (await findUserByAddress(deps.db, address)) throw refusal();
  // A sign-up awaiting approval with this address would collide with the invited user on approval.
  const open = await findOpenRequests(deps.db, address, address);
  if (open.some((r) => r.status === 'pending')) {
    throw new AppError('CONFLICT', MESSAGES.requestPending, { fields: { emailPhone: MESSAGES.requestPending } });
  }
  const at = nowIso();
  const row = {
    id: newId(),
    distributor_id: input.distributorId,
    role: input.role,
    email: isEmail ? address : null,
    phone: isEmail ? null : address,
    password_hash: null,
    name: input.name,
    customer_id: input.customerId ?? null,
    sales_rep_id: input.salesRepId ?? null,
    distributor_role_id: input.distributorRoleId ?? null,
    is_active: 1,
    created_at: at,
    updated_at: at,
  };
  const user = toCustomerUser(row);
  await refuseOnUniqueViolation(
    () =>
      deps.db.transaction().execute(async (trx) => {
        await inTransaction.before?.(trx);
        await insertUser(trx, row);
        await inTransaction.after?.(trx, user);
      }),
    refusal,
  );
  const signInUrl = `${deps.config.publicUrl.replace(/\/$/, '')}${input.signInPath}`;
  await queueMessage(deps, {
    channel: isEmail ? 'email' : 'sms',
    recipient: address,
    ...input.text({ name: input.name, isEmail, signInUrl }),
    sender: isEmail ? await emailSenderOf(deps.db, input.distributorId) : null,
  });
  return user;
}

/** A retailer user of a store, invited to order for it (see inviteUser). */
export function inviteCustomerUser(
  deps: Pick<AuthContext, 'db' | 'config' | 'log'>,
  input: {
    distributorId: string;
    customerId: string;
    storeName: string;
    distributorName: string;
    name: string;
    emailPhone: string;
  },
  alsoInTransaction?: InTransaction,
): Promise<CustomerUser> {
  return inviteUser(
    deps,
    {
      distributorId: input.distributorId,
      role: 'retailer',
      name: input.name,
      emailPhone: input.emailPhone,
      customerId: input.customerId,
      signInPath: '/login',
      text: ({ name, isEmail, signInUrl }) => ({
        subject: `You are invited to order for ${input.storeName}`,
        body:
          `Hello ${name}, ${input.distributorName} has invited you to order for ${input.storeName}. ` +
          `Sign in at ${signInUrl} with this ${isEmail ? 'e-mail address' : 'phone number'}: we send you a one-time code. ` +
          'You can then set a password with "Forgot password".',
      }),
    },
    { after: alsoInTransaction },
  );
}

async function requireCustomerUser(db: Db, customerId: string, userId: string) {
  const user = await findCustomerUser(db, customerId, userId);
  if (!user) throw notFound(INVITE_MESSAGES.userNotFound);
  return user;
}

/**
 * Deactivates or reactivates a user the caller has already checked is theirs to manage. Deactivation
 * revokes every session of the user (401 from the next request: the session cache drops on any users
 * or sessions change, platform/auth/actor.ts) and refuses sign-in; reactivation lets the user sign in
 * again, and the ended sessions stay ended. `before` and `after` run in the same transaction (the
 * caller's own checks and rows, e.g. an audit entry).
 */
export async function setUserActiveAndEndSessions(
  db: Db,
  userId: string,
  active: boolean,
  inTransaction: { before?: (trx: DbOrTrx) => Promise<void>; after?: (trx: DbOrTrx) => Promise<void> } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await inTransaction.before?.(trx);
    await setUserActive(trx, userId, active);
    // Ended for good: reactivation lets the user sign in again, it does not revive old tokens.
    if (!active) await revokeUserSessions(trx, userId, null);
    await inTransaction.after?.(trx);
  });
}

/**
 * Ends every live session of a user the caller has already checked is theirs to manage, except
 * `keepSessionId` (the caller's own, when they sign themself out of their other devices). Their
 * tokens answer 401 from the next request. Returns how many ended.
 */
export function endUserSessions(
  db: Db,
  userId: string,
  keepSessionId: string | null,
  alsoInTransaction?: (trx: DbOrTrx, sessionsEnded: number) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await revokeUserSessions(trx, userId, keepSessionId);
    await alsoInTransaction?.(trx, ended);
    return ended;
  });
}

/** Inside the caller's transaction: ends every live session of a user the caller has checked. */
export function endUserSessionsIn(trx: DbOrTrx, userId: string): Promise<number> {
  return revokeUserSessions(trx, userId, null);
}

/** Deactivates or reactivates one of a store's retailer users (see setUserActiveAndEndSessions). */
export async function setCustomerUserActive(
  db: Db,
  customerId: string,
  userId: string,
  active: boolean,
  alsoInTransaction?: (trx: DbOrTrx, before: CustomerUser, after: CustomerUser) => Promise<void>,
): Promise<CustomerUser> {
  const before = toCustomerUser(await requireCustomerUser(db, customerId, userId));
  const after = { ...before, isActive: active };
  await setUserActiveAndEndSessions(db, userId, active, {
    after: (trx) => alsoInTransaction?.(trx, before, after) ?? Promise.resolve(),
  });
  return after;
}

/** Ends every live session of one of a store's users (their tokens answer 401 from the next request). */
export async function signOutCustomerUserEverywhere(
  db: Db,
  customerId: string,
  userId: string,
  alsoInTransaction?: (trx: DbOrTrx, user: CustomerUser, sessionsEnded: number) => Promise<void>,
): Promise<number> {
  const user = toCustomerUser(await requireCustomerUser(db, customerId, userId));
  return endUserSessions(db, userId, null, (trx, ended) => alsoInTransaction?.(trx, user, ended) ?? Promise.resolve());
}

// ---- for sign-up approval (modules/retailer-requests) ----

/** Whether a user already signs in with this e-mail or phone (lower-case e-mail, phone digits as stored). */
export async function accountExists(db: DbOrTrx, email: string, phone: string): Promise<boolean> {
  return Boolean(await userExistsWithEmailOrPhone(db, email.toLowerCase(), normalizeEmailPhone(phone)));
}

/**
 * The retailer user of an approved store, inside the approval's transaction. The password hash is the
 * one the applicant chose at sign-up (null for a request added by staff: they sign in with a code).
 * Returns the user id.
 */
export async function createRetailerUser(
  trx: DbOrTrx,
  user: { distributorId: string; customerId: string; name: string; email: string; phone: string; passwordHash: string | null },
): Promise<string> {
  const id = newId();
  const at = nowIso();
  await insertUser(trx, {
    id,
    distributor_id: user.distributorId,
    role: 'retailer',
    email: user.email.toLowerCase(),
    phone: normalizeEmailPhone(user.phone),
    password_hash: user.passwordHash,
    name: user.name,
    customer_id: user.customerId,
    sales_rep_id: null,
    distributor_role_id: null,
    is_active: 1,
    created_at: at,
    updated_at: at,
  });
  return id;
}
