import type { Role } from './auth-client';

/** `GET /api/user/get/{id}`: the signed-in user's account. */
export interface User {
  id: string;
  email: string;
  pendingEmail: string | null;
  fullName: string;
  role: Role;
  locale: 'sv' | 'en';
  phone: string | null;
  /** Masked by the API: `YYYYMMDD-****`. */
  personalNumber: string | null;
  emailVerified: boolean;
  image: string | null;
  createdAt: string;
}

export type PaymentMethodType = 'bank_account' | 'iban' | 'swish' | 'paypal';

export interface PaymentMethod {
  id: string;
  type: PaymentMethodType;
  masked: string;
  isDefault: boolean;
  createdAt: string;
}

export interface Category {
  key: string;
  sv: string;
  en: string;
}

export interface CreatorProfile {
  categories: string[];
  instagramHandle: string | null;
  instagramFollowers: number | null;
  tiktokHandle: string | null;
  tiktokFollowers: number | null;
  bio: string | null;
}
