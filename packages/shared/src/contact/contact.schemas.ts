// Contact requests: the public /contact-us form (POST /contact) and a signed-in retailer's message
// (POST /retailer/contact). One set of field rules for the forms and the API.
import { z } from 'zod';
import { EMAIL_RE, isPhone } from '../auth/auth.schemas.ts';

export const CONTACT_NAME_MAX = 120;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

/** What the API answers once the request is stored and the distributor's office notified. */
export const CONTACT_SENT_MESSAGE = 'Form submitted successfully!';

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

export const contactRequestBody = z.object(
  {
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(CONTACT_NAME_MAX, 'Name is too long'),
    storeName: optionalText(CONTACT_NAME_MAX, 'Store name is too long'),
    email: z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Email is too long')
      .regex(EMAIL_RE, 'Enter a valid email address'),
    // Optional: empty text counts as none.
    phone: z
      .string()
      .trim()
      .refine((v) => v === '' || isPhone(v), 'Enter a valid phone number')
      .optional(),
    message: z
      .string({ error: 'Message is required' })
      .trim()
      .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`)
      .max(CONTACT_MESSAGE_MAX, `Message must be ${CONTACT_MESSAGE_MAX} characters or less`),
  },
  { error: 'Request body must be a JSON object' },
);
export type ContactRequestBody = z.infer<typeof contactRequestBody>;

export const contactSentSchema = z.object({ id: z.string(), createdAt: z.string() });
export type ContactSent = z.infer<typeof contactSentSchema>;

/** Per client address: generous for a store office behind one IP, a wall for a script. */
export const CONTACT_IP_LIMIT = { max: 10, windowMs: 60 * 60_000 };
export const CONTACT_RATE_LIMITED_MESSAGE = 'Too many messages sent. Please try again later.';
