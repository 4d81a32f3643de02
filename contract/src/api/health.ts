import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.literal('ok'),
    db: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof HealthSchema>;
