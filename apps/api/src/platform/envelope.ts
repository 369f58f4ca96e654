// The success envelope and its zod schema, so every route's OpenAPI response is complete.
import { z } from 'zod';

export function ok<T>(data: T, message = 'Success') {
  return { success: true as const, message, data };
}

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export const errorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({ code: z.string(), fields: z.record(z.string(), z.string()).optional(), requestId: z.string().optional() }),
  data: z.unknown().optional(),
});
