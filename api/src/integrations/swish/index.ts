export { createSwishClient, type SwishClient, type SwishClientOptions } from './client.ts';
export { configureSwish, type Swish, type SwishStandInHandle } from './configure.ts';
export { SwishError } from './errors.ts';
export type { SwishPayout, SwishPayoutRequest } from './schemas.ts';
export { signPayload, verifyPayloadSignature } from './signature.ts';
