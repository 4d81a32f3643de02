import { z } from 'zod';

/**
 * One of the signed-in user's sessions, as Manage account lists them (ADR 021). `id` is a public id
 * of its own, never the session's cookie or any part of it.
 */
export const AccountSessionSchema = z
  .object({
    id: z.string(),
    /** The session this request was made with ("this device"). */
    current: z.boolean(),
    browser: z
      .string()
      .nullable()
      .meta({ description: 'Browser and major version, when recognised', example: 'Firefox 133' }),
    os: z.string().nullable().meta({ example: 'macOS' }),
    mobile: z.boolean(),
    place: z.string().nullable().meta({
      description: 'Network range of the address last seen (IPv4 /24, IPv6 /48); the full address is not stored',
      example: '192.0.2.0/24',
    }),
    createdAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'AccountSession' });
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z
  .object({ data: z.array(AccountSessionSchema) })
  .meta({ id: 'AccountSessionList', description: 'This device first, then the others, most recently seen first.' });

export const SessionsRevokedSchema = z
  .object({ revoked: z.number().int().min(0) })
  .meta({ id: 'SessionsRevoked', description: 'How many other sessions were signed out.' });
export type SessionsRevoked = z.infer<typeof SessionsRevokedSchema>;
