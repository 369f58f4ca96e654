// The public contact request form (spec §2 /contact-us; its field rules are not shown in the spec).
import { z } from 'zod';

export const contactForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name is too long'),
  storeName: z.string().trim().max(120, 'Store name is too long'),
  email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\+?[0-9][0-9\s\-().]{6,19}$/.test(v), 'Enter a valid phone number'),
  message: z.string().trim().min(10, 'Message must be at least 10 characters').max(2000, 'Message is too long'),
});

export type ContactForm = z.infer<typeof contactForm>;
