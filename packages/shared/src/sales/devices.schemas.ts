// The signed-in devices of a user (track-login-devices): one entry per live session.
import { z } from 'zod';

export const deviceSchema = z.object({
  /** The session id: what sign-out names. */
  id: z.string(),
  deviceType: z.string().nullable(),
  deviceName: z.string().nullable(),
  deviceId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The device making this call. */
  isCurrent: z.boolean(),
});
export const deviceListResponseSchema = z.object({ devices: z.array(deviceSchema), total: z.number().int() });
export type Device = z.infer<typeof deviceSchema>;
