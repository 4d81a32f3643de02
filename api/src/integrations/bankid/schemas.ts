import { z } from 'zod';

/** The relying-party API's answers (BankID RP API v6.0, openapi-auth-sign-6.1.9.yaml; ADR 026). */
export const StartAnswerSchema = z.object({
  orderRef: z.string().min(1),
  autoStartToken: z.string().min(1),
  qrStartToken: z.string().min(1),
  qrStartSecret: z.string().min(1),
});
export type BankIdStartAnswer = z.infer<typeof StartAnswerSchema>;

export const CompletionDataSchema = z.object({
  user: z.object({
    personalNumber: z.string().regex(/^\d{12}$/),
    name: z.string(),
    givenName: z.string(),
    surname: z.string(),
  }),
  device: z.object({ ipAddress: z.string(), uhi: z.string().optional() }),
  bankIdIssueDate: z.string(),
  stepUp: z.object({ mrtd: z.boolean() }).optional(),
  /** Base64 XML signature (XMLDSig) over what the user saw and signed. */
  signature: z.string().min(1),
  /** Base64 OCSP response proving the user's certificate was valid at signing. */
  ocspResponse: z.string().min(1),
  risk: z.string().optional(),
});
export type BankIdCompletionData = z.infer<typeof CompletionDataSchema>;

export const CollectAnswerSchema = z.discriminatedUnion('status', [
  z.object({ orderRef: z.string(), status: z.literal('pending'), hintCode: z.string() }),
  z.object({ orderRef: z.string(), status: z.literal('failed'), hintCode: z.string() }),
  z.object({ orderRef: z.string(), status: z.literal('complete'), completionData: CompletionDataSchema }),
]);
export type BankIdCollectAnswer = z.infer<typeof CollectAnswerSchema>;

export const ErrorAnswerSchema = z.object({ errorCode: z.string(), details: z.string().optional() });

/** What `auth` and `sign` take; texts are plain strings here, base64-encoded on the wire. */
export interface BankIdOrderRequest {
  endUserIp: string;
  /** Only this person may complete the order (`requirement.personalNumber`, 12 digits). */
  personalNumber?: string;
  userVisibleData?: string;
  userNonVisibleData?: string;
  userVisibleDataFormat?: 'plaintext' | 'simpleMarkdownV1';
}
