import { z } from 'zod';

/** A job whose retries are spent (a dead letter, ADR 031), as the admin table shows it. */
export const FailedJobSchema = z
  .object({
    id: z.string(),
    /** The queue it failed in: `mail`, or `scheduled.<job>` for a module's time-based work. */
    queue: z.string(),
    /** What it was about, without secrets: a mail's recipient and subject, never its text. */
    summary: z.string(),
    error: z.string().nullable(),
    retries: z.number(),
    failedAt: z.string(),
    firstQueuedAt: z.string(),
  })
  .meta({ id: 'FailedJob' });
export type FailedJob = z.infer<typeof FailedJobSchema>;

export const FailedJobListSchema = z
  .object({ data: z.array(FailedJobSchema), total: z.number() })
  .meta({ id: 'FailedJobList' });
export const RetriedJobSchema = z.object({ data: z.object({ retried: z.number() }) }).meta({ id: 'RetriedJob' });
