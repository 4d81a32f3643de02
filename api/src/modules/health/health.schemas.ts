import { z } from '@hono/zod-openapi';

export const HealthSchema = z
  .object({
    status: z.literal('ok'),
    db: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .openapi('Health');

export type Health = z.infer<typeof HealthSchema>;
