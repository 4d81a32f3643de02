import { z } from 'zod';
import { EmailSchema, LocaleSchema, NewPasswordSchema, TokenSchema } from './fields.ts';

export const SessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: z.enum(['creator', 'brand', 'admin']),
  emailVerified: z.boolean(),
  locale: z.enum(['sv', 'en']),
  /** Whether the account signs in with a second factor (an authenticator app); admins must. */
  twoFactor: z.boolean(),
});

export const SessionSchema = z
  .object({ user: SessionUserSchema.optional(), expires: z.string().optional() })
  .meta({ id: 'Session', description: 'The session object, or `{}` when signed out.' });

export const CsrfSchema = z.object({ csrfToken: z.string() }).meta({ id: 'CsrfToken' });

const ProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['credentials', 'oauth']),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
export const ProvidersSchema = z.record(z.string(), ProviderSchema).meta({ id: 'Providers' });

export const UrlSchema = z.object({ url: z.string() }).meta({ id: 'RedirectUrl' });
export const StatusSchema = z.object({ status: z.string() }).meta({ id: 'Status' });

const FormBase = {
  csrfToken: z.string().max(128).optional(),
  callbackUrl: z.string().max(2048).optional(),
  json: z.string().max(8).optional(),
};

export const CredentialsFormSchema = z
  .object({ ...FormBase, email: z.string().max(254).default(''), password: z.string().max(256).default('') })
  .meta({ id: 'CredentialsForm' });
/** The second step of a sign-in: a code from the authenticator app, or a recovery code (ADR 024). */
export const TotpFormSchema = z.object({ ...FormBase, code: z.string().max(64).default('') }).meta({ id: 'TotpForm' });
export const SignInFormSchema = z
  .object({ ...FormBase, role: z.enum(['creator', 'brand']).optional() })
  .meta({ id: 'SignInForm' });
export const SignOutFormSchema = z.object(FormBase).meta({ id: 'SignOutForm' });
/** A text field cut to `max` characters instead of refused: a log event is never worth an error loop. */
const clipped = (max: number) =>
  z
    .string()
    .max(4000)
    .transform((value) => value.slice(0, max))
    .optional();

/**
 * What NextAuth's client logger posts (`level`, `code` and the error's `message`, and `url` for a
 * failed fetch). Anything else it sends (`stack`, `name`, `client`…) is dropped unread.
 */
export const LogFormSchema = z
  .object({
    level: z.enum(['error', 'warn', 'debug', 'info']),
    code: z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'invalid_code'),
    message: clipped(300),
    url: clipped(300),
  })
  .meta({ id: 'ClientLog' });
export type LogForm = z.infer<typeof LogFormSchema>;

export const UpdateSessionBodySchema = z
  .object({ csrfToken: z.string().max(128), data: z.object({ locale: LocaleSchema.optional() }).default({}) })
  .meta({ id: 'UpdateSessionBody' });

export const SignUpBodySchema = z
  .object({
    fullName: z.string({ message: 'required' }).trim().min(1, 'required').max(120, 'too_long'),
    email: EmailSchema,
    password: NewPasswordSchema,
    role: z.enum(['creator', 'brand'], { message: 'invalid_role' }),
    acceptPrivacy: z.literal(true, { message: 'required' }),
    locale: LocaleSchema.default('sv'),
  })
  .meta({ id: 'SignUpBody' });

export const TokenBodySchema = z.object({ token: TokenSchema }).meta({ id: 'TokenBody' });
export const EmailBodySchema = z.object({ email: EmailSchema }).meta({ id: 'EmailBody' });
export const ResetPasswordBodySchema = z
  .object({ token: TokenSchema, password: NewPasswordSchema })
  .meta({ id: 'ResetPasswordBody' });
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z.string({ message: 'required' }).min(1, 'required').max(256),
    newPassword: NewPasswordSchema,
  })
  .meta({ id: 'ChangePasswordBody' });

/** The password, or (accounts with two-factor) a code from the authenticator app instead. */
export const ReauthenticateBodySchema = z
  .object({
    password: z.string().max(256).optional(),
    code: z.string().trim().max(64).optional(),
  })
  .refine((body) => !!body.password || !!body.code, { message: 'required', path: ['password'] })
  .meta({ id: 'ReauthenticateBody' });
export const ReauthenticatedSchema = z
  .object({
    status: z.literal('reauthenticated'),
    until: z.string().meta({ description: 'Sensitive actions are open in this session until then' }),
  })
  .meta({ id: 'Reauthenticated' });
