import { z } from 'zod';

export const personName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(80, `${label} must be at most 80 characters`);

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'));

export const password = z
  .string({ error: 'Password is required' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Loose shape check shared with forms; the server normalises to +234 form and rejects numbers that are not Nigerian. */
export const phoneNumber = z
  .string({ error: 'Phone number is required' })
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, 'Enter a valid phone number');

export const uuid = z.uuid('Must be a valid id');
export const idParam = z.object({ id: uuid });
export const tokenParam = z.object({ token: z.string().min(10).max(200) });
export const isoDateTime = z.string();
