// The signed-in devices of a user (track-login-devices): one entry per live session. Used by the sales
// rep's /sales/devices and the retailer's /retailer/devices alike.
import { z } from 'zod';

export const deviceSchema = z.object({
  /** The session id: what sign-out names. */
  id: z.string(),
  deviceType: z.string().nullable(),
  deviceName: z.string().nullable(),
  deviceId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The browser and system read from the user agent, e.g. "Chrome 131 on Windows". */
  browser: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** Signed in from a device never seen before for this user. */
  isNewDevice: z.boolean(),
  /** The device making this call. */
  isCurrent: z.boolean(),
});
export const deviceListResponseSchema = z.object({ devices: z.array(deviceSchema), total: z.number().int() });
export type Device = z.infer<typeof deviceSchema>;
