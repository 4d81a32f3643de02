export { type BankIdClient, type BankIdClientOptions, type BankIdTls, createBankIdClient } from './client.ts';
export { BankIdError } from './errors.ts';
export { bankIdQrContent, secondsSince } from './qr.ts';
export type { BankIdCollectAnswer, BankIdCompletionData, BankIdOrderRequest, BankIdStartAnswer } from './schemas.ts';
