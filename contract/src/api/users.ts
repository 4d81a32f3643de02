import { z } from 'zod';
import { EmailSchema, LocaleSchema, RoleSchema } from './fields.ts';

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    pendingEmail: z.string().nullable().meta({ description: 'A new address waiting for confirmation' }),
    fullName: z.string(),
    role: z.enum(['creator', 'brand', 'admin']),
    locale: z.enum(['sv', 'en']),
    phone: z.string().nullable().meta({ example: '+46701234567' }),
    personalNumber: z.string().nullable().meta({ description: 'Masked', example: '19900101-****' }),
    emailVerified: z.boolean(),
    image: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });

export type UserView = z.infer<typeof UserSchema>;

export const UserEnvelopeSchema = z.object({ data: UserSchema }).meta({ id: 'UserResponse' });

export const UpdateUserBodySchema = z
  .object({
    fullName: z.string({ message: 'required' }).trim().min(1, 'required').max(120, 'too_long').optional(),
    personalNumber: z.string().trim().max(20, 'invalid_format').optional(),
    email: EmailSchema.optional(),
    phone: z.string().trim().max(32, 'invalid_phone').nullable().optional(),
    locale: LocaleSchema.optional(),
    role: RoleSchema.optional().meta({ description: 'Admins only' }),
  })
  .strict()
  .meta({ id: 'UpdateUserBody' });

export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;
