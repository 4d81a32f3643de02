import { z } from 'zod';

export const ClaimAgreementSchema = z
  .object({
    claimId: z.string(),
    status: z.enum(['unsigned', 'signed']),
    text: z.string().meta({ description: 'Signed: the exact text signed in BankID. Unsigned: what will be signed.' }),
    signedAt: z.string().nullable(),
    signerName: z.string().nullable(),
    signerPersonalNumberMasked: z.string().nullable(),
  })
  .meta({ id: 'ClaimAgreement' });
export type ClaimAgreementView = z.infer<typeof ClaimAgreementSchema>;
