import { z } from 'zod';

/** A passkey of the signed-in account, another second factor beside the app (ADR 027). */
export const PasskeySchema = z
  .object({
    id: z.string().meta({ description: 'The credential id (base64url)' }),
    name: z.string(),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Passkey' });
export type PasskeyView = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ data: z.array(PasskeySchema) }).meta({ id: 'PasskeyList' });
export const PasskeyAnswerSchema = z.object({ data: PasskeySchema }).meta({ id: 'PasskeyAnswer' });

/** WebAuthn options (`PublicKeyCredentialCreationOptionsJSON` / `…RequestOptionsJSON`) for the browser. */
export const WebAuthnOptionsSchema = z
  .looseObject({ challenge: z.string() })
  .meta({ id: 'WebAuthnOptions', description: 'Pass to @simplewebauthn/browser as optionsJSON' });
export const WebAuthnOptionsAnswerSchema = z
  .object({ data: WebAuthnOptionsSchema.nullable() })
  .meta({ id: 'WebAuthnOptionsAnswer', description: '`data` is null when the account has no passkey' });

/** What `startRegistration()` answers (`RegistrationResponseJSON`), as JSON. */
export const RegistrationResponseSchema = z.looseObject({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: z.string().max(8192),
    attestationObject: z.string().max(32768),
  }),
  clientExtensionResults: z.looseObject({}),
});

/** What `startAuthentication()` answers (`AuthenticationResponseJSON`), as JSON. */
export const AuthenticationResponseSchema = z.looseObject({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: z.string().max(8192),
    authenticatorData: z.string().max(8192),
    signature: z.string().max(2048),
    userHandle: z.string().max(1024).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
});

export const PasskeyRegisterBodySchema = z
  .object({
    name: z.string({ message: 'required' }).trim().min(1, 'required').max(60, 'too_long'),
    response: RegistrationResponseSchema,
  })
  .meta({ id: 'PasskeyRegisterBody' });

/** The passkey step of a sign-in (form post, NextAuth's credentials shape): the assertion as a JSON string. */
export const PasskeyFormSchema = z
  .object({
    csrfToken: z.string().max(128).optional(),
    callbackUrl: z.string().max(2048).optional(),
    json: z.string().max(8).optional(),
    response: z.string().max(16384).default(''),
  })
  .meta({ id: 'PasskeyForm' });

/** A credential id in the path (base64url; authenticators make them up to 1023 bytes long). */
export const PasskeyIdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(1400)
    .regex(/^[A-Za-z0-9_-]+$/)
    .meta({ param: { name: 'id', in: 'path' } }),
});
