import type { PreparedJson } from '../../lib/compress-json.ts';
import { InstanceCache } from '../../lib/instance-cache.ts';
import type { MessageBus } from '../../lib/message-bus.ts';

/**
 * The creator's campaign-list answers this instance keeps in memory (ADR 035, "Campaign list
 * answers"): the prepared bytes of one creator's answer to one query, sent again without asking
 * PostgreSQL until something it was made of is announced changed (migration 0036) — a campaign on
 * it, its brand's user or profile row, the list's version, the creator's own claims, and for a
 * search any brand's name — or until the first start or end among its campaigns, when a view's
 * state changes with the clock. A kept page that is not trusted here is still checked against the
 * database on each use (campaign-page-cache.ts).
 */

/** What a list answer was made of: it may be kept until one of these changes. */
export interface AnswerSource {
  campaignIds: readonly string[];
  brandIds: readonly string[];
  /** Epoch ms of the first start or end among the campaigns after the answer was made. */
  validUntil: number;
}

interface KeptAnswer {
  prepared: PreparedJson;
  validUntil: number;
}

/** Enough for every page a few thousand active creators browse, and bounded by the bytes too. */
const MAX_ANSWERS = 20_000;
const MAX_BYTES = 64 * 1024 * 1024;
/** The group of every answer to a search: what brands are called decides which campaigns match. */
const SEARCHES = 'searches';

const keyOf = (creatorId: string, query: string) => `${creatorId}\n${query}`;

export class CampaignAnswers {
  readonly #kept: InstanceCache<KeptAnswer>;

  constructor(bus: MessageBus, maxAgeMs: number) {
    const kept = new InstanceCache<KeptAnswer>({ maxEntries: MAX_ANSWERS, maxBytes: MAX_BYTES, maxAgeMs });
    const dropGroups =
      (...prefixes: string[]) =>
      (key: string) => {
        if (key === '*') kept.clear();
        else for (const prefix of prefixes) kept.deleteGroup(prefix === SEARCHES ? SEARCHES : `${prefix}${key}`);
      };
    bus.onCacheChange('campaign', dropGroups('campaign:'));
    bus.onCacheChange('campaign_list', () => kept.clear());
    // A user row is a brand's name and handle on its campaigns, or a creator's role.
    bus.onCacheChange('user', dropGroups('brand:', 'creator:', SEARCHES));
    bus.onCacheChange('brand_profile', dropGroups('brand:', SEARCHES));
    bus.onCacheChange('claims', dropGroups('creator:'));
    this.#kept = kept;
  }

  /** False when nothing is kept (`INSTANCE_CACHE_MS` 0). */
  get enabled(): boolean {
    return this.#kept.enabled;
  }

  /** The kept answer of this creator to this query (the validated query, serialised), if still current. */
  get(creatorId: string, query: string, now = Date.now()): PreparedJson | undefined {
    const key = keyOf(creatorId, query);
    const kept = this.#kept.get(key, now);
    if (!kept) return undefined;
    if (now >= kept.validUntil) {
      this.#kept.delete(key);
      return undefined;
    }
    return kept.prepared;
  }

  /** Take it before the answer is read from the database; `keep` refuses it if anything changed since. */
  ticket(): number {
    return this.#kept.ticket();
  }

  keep(
    creatorId: string,
    query: string,
    searched: boolean,
    prepared: PreparedJson,
    source: AnswerSource,
    ticket: number,
  ) {
    const groups = [
      `creator:${creatorId}`,
      ...source.campaignIds.map((id) => `campaign:${id}`),
      ...source.brandIds.map((id) => `brand:${id}`),
      ...(searched ? [SEARCHES] : []),
    ];
    this.#kept.set(keyOf(creatorId, query), { prepared, validUntil: source.validUntil }, ticket, {
      group: groups,
      bytes: prepared.bytes,
    });
  }

  /**
   * The creator just changed something themselves (a claim, say): their next request on this
   * instance must see it without waiting for the announcement to come round.
   */
  forgetCreator(creatorId: string): void {
    this.#kept.deleteGroup(`creator:${creatorId}`);
  }
}

const answersByBus = new WeakMap<MessageBus, CampaignAnswers>();

/**
 * The answers kept by the instance listening on `bus` (one per app instance; tests run several on
 * one database), made on first use and trusted for at most `maxAgeMs` (`INSTANCE_CACHE_MS`).
 */
export function campaignAnswersOf(bus: MessageBus, maxAgeMs: number): CampaignAnswers {
  let answers = answersByBus.get(bus);
  if (!answers) {
    answers = new CampaignAnswers(bus, maxAgeMs);
    answersByBus.set(bus, answers);
  }
  return answers;
}

/** The first start or end after `since` among the views: a view's state (soon, active, over) changes then. */
export function validUntilOf(views: readonly { startsAt: string; endsAt: string }[], since: number): number {
  let until = Number.POSITIVE_INFINITY;
  for (const view of views) {
    for (const moment of [Date.parse(view.startsAt), Date.parse(view.endsAt)]) {
      if (moment > since && moment < until) until = moment;
    }
  }
  return until;
}
