import type { VerifiedPlatform } from '@kollab/contract/api/verification';
import type { Database } from '@kollab/db';
import type { Logger } from 'pino';
import type { Env } from '../../env.ts';
import {
  ProviderError,
  ProviderNotFoundError,
  ProviderRateLimitError,
  ProviderTimeoutError,
} from '../../integrations/provider/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Provider } from '../discovery/provider.ts';
import { reserveCredits, secondsUntilTomorrow, settleCredits } from '../discovery/usage.ts';

/** What a bio check needs to know of an account. */
export interface AccountSnapshot {
  biography: string;
  followers: number | null;
}

export interface ProviderDeps {
  db: Database;
  provider: Provider;
  logger: Logger;
  env: Pick<Env, 'PROVIDER_GLOBAL_DAILY_CREDITS' | 'PROVIDER_GLOBAL_DAILY_RAW_REQUESTS'>;
}

/**
 * Reads the account's bio and follower count through the provider's Raw user-info (one raw
 * request; a 404 is billed too). The check is Kollab's own cost, not a brand's: it is booked on
 * the creator's row of the provider usage, counted against Kollab's daily raw budget but under no
 * brand cap (creators' checks are rate-limited instead). The answer is validated by the client
 * (raw-schemas.ts).
 * @throws social_account_not_found, social_account_private, rate_limited, provider_timeout,
 *   provider_error, service_unavailable (Kollab's daily raw budget is spent)
 */
export async function readAccount(
  deps: ProviderDeps,
  creatorId: string,
  platform: VerifiedPlatform,
  handle: string,
): Promise<AccountSnapshot> {
  const now = new Date();
  const booked = await reserveCredits(
    deps.db,
    creatorId,
    { credits: 0, rawRequests: 1 },
    {
      global: {
        credits: deps.env.PROVIDER_GLOBAL_DAILY_CREDITS,
        rawRequests: deps.env.PROVIDER_GLOBAL_DAILY_RAW_REQUESTS,
      },
      enforceGlobal: true,
    },
    now,
  );
  if ('refusal' in booked) {
    throw new AppError('service_unavailable', 'Accounts cannot be checked again until tomorrow', {
      headers: { 'Retry-After': String(secondsUntilTomorrow(now)) },
    });
  }
  let spent = { credits: 0, rawRequests: 0 };
  try {
    const snapshot =
      platform === 'instagram' ? await readInstagram(deps.provider, handle) : await readTiktok(deps.provider, handle);
    spent = snapshot.cost;
    if (snapshot.isPrivate) throw new AppError('social_account_private', 'The account is private');
    return { biography: snapshot.biography, followers: snapshot.followers };
  } catch (error) {
    if (error instanceof ProviderError) spent = error.cost;
    throw toVerificationError(error, deps.logger);
  } finally {
    await settleCredits(deps.db, booked.reservation, spent);
  }
}

async function readInstagram(provider: Provider, handle: string) {
  const { data, cost } = await provider.client.raw('ig', 'user-info', { url: handle });
  return {
    biography: data.biography ?? '',
    followers: validCount(data.follower_count),
    isPrivate: data.is_private === true,
    cost,
  };
}

async function readTiktok(provider: Provider, handle: string) {
  const { data, cost } = await provider.client.raw('tiktok', 'user-info', { url: handle });
  const { user, stats } = data.user_info.userInfo;
  return {
    biography: user.signature ?? '',
    followers: validCount(stats.followerCount),
    isPrivate: user.privateAccount === true,
    cost,
  };
}

function validCount(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** A provider failure as the verification's own error: "not found" and "private" are the creator's to fix, the rest is retryable. */
function toVerificationError(error: unknown, logger: Logger): unknown {
  if (error instanceof AppError || !(error instanceof ProviderError)) return error;
  logger.warn(
    { providerStatus: error.status, providerCode: error.code, errorName: error.name },
    'verification check failed',
  );
  if (error.code === 'private_account') {
    return new AppError('social_account_private', 'The account is private', { cause: error });
  }
  if (error instanceof ProviderNotFoundError) {
    return new AppError('social_account_not_found', 'The provider knows no public account with this handle', {
      cause: error,
    });
  }
  if (error instanceof ProviderRateLimitError) {
    return new AppError('rate_limited', 'The data provider is busy; try again shortly', {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 5))) },
      cause: error,
    });
  }
  if (error instanceof ProviderTimeoutError) {
    return new AppError('provider_timeout', 'The data provider did not answer in time', { cause: error });
  }
  return new AppError('provider_error', 'The data provider failed; try again later', { cause: error });
}
