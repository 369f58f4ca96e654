// Auth calls of spec §7 (paths under /api/auth). Each sends the x-device-* headers.
import type { SignupBody } from '@portal/shared/auth/auth.schemas';
import { api } from '../../lib/api';
import { deviceHeaders } from '../../lib/device';
import type { Envelope, ProfileData, SignInData } from './auth.types';
import { PROFILE_PATH } from './auth-paths';

const post = (url: string, body: unknown = {}) => ({ url, method: 'POST', body, headers: deviceHeaders() });

type Sent = Envelope<unknown>;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestOtp: build.mutation<Sent, { email_phone: string }>({ query: (body) => post('/auth/login', body) }),
    verifyOtp: build.mutation<Envelope<SignInData>, { email_phone: string; otp: string }>({
      query: (body) => post('/auth/verify', body),
    }),
    loginWithPassword: build.mutation<Envelope<SignInData>, { email_phone: string; password: string }>({
      query: (body) => post('/auth/loginWithPassword', body),
    }),
    salesLogin: build.mutation<Envelope<SignInData>, { email_phone: string; password: string }>({
      query: (body) => post('/auth/salesLogin', body),
    }),
    signup: build.mutation<Sent, SignupBody>({ query: (body) => post('/auth/signup', body) }),
    verifyRetailerOtp: build.mutation<Sent, { email_phone: string; otp: string }>({
      query: (body) => post('/auth/verifyRetailerOtp', body),
    }),
    forgotPassword: build.mutation<Sent, { email_phone: string }>({ query: (body) => post('/auth/forgotPassword', body) }),
    resetPassword: build.mutation<Sent, { email_phone: string; otp: string; password: string }>({
      query: (body) => post('/auth/resetPassword', body),
    }),
    resendOtp: build.mutation<Sent, { email_phone: string }>({ query: (body) => post('/auth/resendOtp', body) }),
    logout: build.mutation<Sent, void>({ query: () => post('/auth/logout') }),
    profile: build.query<Envelope<ProfileData>, void>({
      query: () => ({ url: PROFILE_PATH, headers: deviceHeaders() }),
      providesTags: ['Profile'],
    }),
  }),
});

export const {
  useRequestOtpMutation,
  useVerifyOtpMutation,
  useLoginWithPasswordMutation,
  useSalesLoginMutation,
  useSignupMutation,
  useVerifyRetailerOtpMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useResendOtpMutation,
  useLogoutMutation,
} = authApi;
