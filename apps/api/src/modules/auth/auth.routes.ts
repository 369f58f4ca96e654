// Spec §7 Auth, under /api/auth: sign-in by code or password, sales sign-in, retailer sign-up,
// password reset, code resend, logout and the profile-based session restore.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeSentDataSchema,
  forgotPasswordBody,
  passwordLoginBody,
  profileDataSchema,
  requestOtpBody,
  resetPasswordBody,
  retailerVerifiedDataSchema,
  signInDataSchema,
  signupBody,
  signupDataSchema,
  verifyOtpBody,
} from '@portal/shared/auth/auth.schemas';
import { requireActor } from '../../platform/auth/guard.ts';
import { envelope, ok } from '../../platform/envelope.ts';
import { flushOutbox } from '../../platform/messaging/outbox.ts';
import { createCounterStore } from '../../platform/rate-limit.ts';
import { limitIp } from './auth-limits.ts';
import {
  logout,
  MESSAGES,
  passwordLogin,
  profile,
  requestLoginCode,
  requestResetCode,
  resendCode,
  resetPassword,
  signup,
  verifyLoginCode,
  verifyRetailerCode,
  type AuthContext,
  type ClientInfo,
} from './auth.service.ts';
import { access } from '../../platform/auth/access.ts';

const tags = ['auth'];

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed.slice(0, 200) : null;
}

function clientInfo(request: FastifyRequest): ClientInfo {
  return {
    ip: request.ip,
    userAgent: header(request, 'user-agent'),
    deviceType: header(request, 'x-device-type'),
    deviceName: header(request, 'x-device-name'),
    deviceId: header(request, 'x-device-id'),
  };
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const counters = createCounterStore(app);
  const ctx = (request: FastifyRequest): AuthContext => ({
    db: app.deps.db,
    config: app.deps.config,
    log: request.log,
    counters,
  });
  // Runs before the body is read, so floods cost little.
  const ipLimit = async (request: FastifyRequest) => limitIp({ counters, log: request.log }, request.ip);
  const limited = { config: { access: access.public }, onRequest: ipLimit };
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Codes still being delivered finish before the database closes.
  app.addHook('onClose', () => flushOutbox(app.deps.db));

  r.post(
    '/auth/login',
    {
      ...limited,
      schema: { tags, summary: 'Send a sign-in code', body: requestOtpBody, response: { 200: envelope(codeSentDataSchema) } },
    },
    async (request) => ok(await requestLoginCode(ctx(request), request.body.email_phone), MESSAGES.otpSent),
  );

  r.post(
    '/auth/verify',
    {
      ...limited,
      schema: { tags, summary: 'Sign in with the code', body: verifyOtpBody, response: { 200: envelope(signInDataSchema) } },
    },
    async (request) => ok(await verifyLoginCode(ctx(request), clientInfo(request), request.body), MESSAGES.otpVerified),
  );

  r.post(
    '/auth/loginWithPassword',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Sign in with a password',
        body: passwordLoginBody,
        response: { 200: envelope(signInDataSchema) },
      },
    },
    async (request) => ok(await passwordLogin(ctx(request), clientInfo(request), request.body), MESSAGES.loginSuccess),
  );

  r.post(
    '/auth/salesLogin',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Sales representative sign-in',
        body: passwordLoginBody,
        response: { 200: envelope(signInDataSchema) },
      },
    },
    async (request) =>
      ok(await passwordLogin(ctx(request), clientInfo(request), request.body, { salesOnly: true }), MESSAGES.loginSuccess),
  );

  r.post(
    '/auth/signup',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Retailer sign-up request (sends a code)',
        body: signupBody,
        response: { 200: envelope(signupDataSchema) },
      },
    },
    async (request) => ok(await signup(ctx(request), request.body), MESSAGES.otpSent),
  );

  r.post(
    '/auth/verifyRetailerOtp',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Confirm a sign-up request; it then awaits approval',
        body: verifyOtpBody,
        response: { 200: envelope(retailerVerifiedDataSchema) },
      },
    },
    async (request) => ok(await verifyRetailerCode(ctx(request), request.body, request.ip), MESSAGES.otpVerified),
  );

  r.post(
    '/auth/forgotPassword',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Send a password reset code',
        body: forgotPasswordBody,
        response: { 200: envelope(codeSentDataSchema) },
      },
    },
    async (request) => ok(await requestResetCode(ctx(request), request.body.email_phone), MESSAGES.otpSent),
  );

  r.post(
    '/auth/resetPassword',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Set a new password with the reset code',
        body: resetPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(ctx(request), request.body, request.actor, request.ip);
      return ok(null, MESSAGES.passwordReset);
    },
  );

  r.post(
    '/auth/resendOtp',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Send the last requested code again',
        body: requestOtpBody,
        response: { 200: envelope(codeSentDataSchema) },
      },
    },
    async (request) => ok(await resendCode(ctx(request), request.body.email_phone), MESSAGES.otpSent),
  );

  r.get(
    '/auth/profile',
    {
      config: { access: access.signedIn },
      schema: { tags, summary: 'Session restore', response: { 200: envelope(profileDataSchema) } },
    },
    async (request) => {
      const token = request.headers.authorization!.slice('Bearer '.length).trim();
      return ok(await profile(ctx(request), requireActor(request), token), MESSAGES.profile);
    },
  );

  // Logout has an empty body (spec §7); a client that still labels it JSON must not get a 400.
  await app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'ignore');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      void parseJson(request, text, done);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/auth/logout',
      {
        config: { access: access.signedIn },
        schema: { tags, summary: 'End this session', response: { 200: envelope(z.null()) } },
      },
      async (request) => {
        await logout(ctx(request), requireActor(request));
        return ok(null, MESSAGES.loggedOut);
      },
    );
  });
}
