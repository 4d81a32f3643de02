import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';

export type Json = Record<string, unknown>;
export interface Intent extends Json {
  id: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  amount_received: number;
}

export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

export function stripeError(c: Context, status: 400 | 401 | 402 | 404 | 500, error: Json) {
  return c.json({ error }, status);
}
