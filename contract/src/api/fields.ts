import { z } from 'zod';

/*
 * Shared field schemas. Their messages are snake_case codes that the portal and site translate
 * (`validation.<code>` in their dictionaries), never sentences.
 */

export const EmailSchema = z
  .string({ message: 'required' })
  .trim()
  .min(1, 'required')
  .max(254, 'invalid_email')
  .pipe(z.email({ message: 'invalid_email' }))
  .transform((email) => email.toLowerCase())
  .meta({ example: 'anna@example.se' });

export const LocaleSchema = z.enum(['sv', 'en'], { message: 'invalid_locale' });

export const RoleSchema = z.enum(['creator', 'brand', 'admin'], { message: 'invalid_role' });

/** A password's length only; the strength rules live in modules/auth/password-policy.ts. */
export const NewPasswordSchema = z
  .string({ message: 'required' })
  .min(10, 'too_short')
  .max(256, 'too_long')
  .meta({ example: 'correct horse battery' });

export const TokenSchema = z.string({ message: 'required' }).trim().min(1, 'required').max(128, 'invalid_or_expired');

export const IdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' } }),
});
