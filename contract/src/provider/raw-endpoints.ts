/**
 * The provider's Raw API endpoints (`GET /raw/{platform}/{endpoint}`) and the query parameters
 * each takes (product specification §7, CONTRACT.md §9). Every Raw call costs one raw request,
 * even when it answers 404, so the client checks parameters against this table before calling.
 * TikTok and YouTube parameter names beyond `url`/`after` are not public; the names below follow
 * the Instagram and YouTube ones (`keyword`, `comment_id`).
 */

export const RAW_PLATFORMS = ['ig', 'tiktok', 'youtube'] as const;
export type RawPlatform = (typeof RAW_PLATFORMS)[number];

export interface RawEndpointSpec {
  /** Parameters that must be present and non-empty. */
  readonly required: readonly string[];
  /** Parameters that may be sent; anything else is rejected. */
  readonly optional: readonly string[];
  /** Closed value lists for some parameters. */
  readonly values?: Readonly<Record<string, readonly string[]>>;
}

const byUrl = { required: ['url'], optional: [] } as const;
const byUrlPaged = { required: ['url'], optional: ['after'] } as const;
const youtubeUploads = { required: ['url'], optional: ['sorted_by', 'after'] } as const;

export const RAW_ENDPOINTS = {
  ig: {
    search: { required: ['keyword'], optional: [] },
    'user-info': byUrl,
    'user-feed': byUrlPaged,
    'user-reels': byUrlPaged,
    'user-tags-feed': byUrlPaged,
    'hashtag-feed': { required: ['hashtag'], optional: ['type', 'after'], values: { type: ['recent', 'top'] } },
    'media-info': { required: ['code'], optional: [] },
    'media-comments': { required: ['code'], optional: ['after'] },
    'media-comment-replies': { required: ['code', 'comment_id'], optional: ['after'] },
    'audio-info': byUrlPaged,
  },
  tiktok: {
    'user-info': byUrl,
    'user-feed': byUrlPaged,
    'challenge-feed': byUrlPaged,
    'challenge-info': byUrl,
    comments: byUrlPaged,
    'comments-replies': { required: ['url', 'comment_id'], optional: ['after'] },
    'music-info': byUrl,
    'music-feed': byUrlPaged,
    'search-users': { required: ['keyword'], optional: ['after'] },
    'media-info': byUrl,
    'media-download': byUrl,
  },
  youtube: {
    'channel-info': byUrl,
    'uploaded-videos': youtubeUploads,
    'uploaded-shorts': youtubeUploads,
    'uploaded-lives': youtubeUploads,
    'playlist-videos': byUrlPaged,
    'video-info': byUrl,
    'short-info': byUrl,
    'video-comments': byUrlPaged,
    'video-comment-replies': { required: ['url', 'comment_id'], optional: ['after'] },
  },
} as const satisfies Record<RawPlatform, Record<string, RawEndpointSpec>>;

export type RawEndpoint<P extends RawPlatform = RawPlatform> = keyof (typeof RAW_ENDPOINTS)[P] & string;

/** Endpoint names of one Raw platform, for route parameter enums. */
export function rawEndpointNames<P extends RawPlatform>(platform: P): RawEndpoint<P>[] {
  return Object.keys(RAW_ENDPOINTS[platform]) as RawEndpoint<P>[];
}

/** The parameter spec of `platform`/`endpoint`, or undefined when the provider has no such endpoint. */
export function findRawEndpoint(platform: string, endpoint: string): RawEndpointSpec | undefined {
  if (!Object.hasOwn(RAW_ENDPOINTS, platform)) return undefined;
  const endpoints: Record<string, RawEndpointSpec> = RAW_ENDPOINTS[platform as RawPlatform];
  return Object.hasOwn(endpoints, endpoint) ? endpoints[endpoint] : undefined;
}

export interface RawParamIssue {
  param: string;
  message: string;
}

/**
 * Checks Raw call parameters before anything is sent, because a wasted Raw call is still billed.
 * Undefined values count as absent; empty or blank strings are rejected; unknown names are rejected.
 * @returns the problems found, empty when the call may go out.
 */
export function checkRawParams(spec: RawEndpointSpec, params: Record<string, string | undefined>): RawParamIssue[] {
  const issues: RawParamIssue[] = [];
  const allowed = new Set([...spec.required, ...spec.optional]);
  for (const name of spec.required) {
    if (params[name] === undefined) issues.push({ param: name, message: `Parameter "${name}" is required` });
  }
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (!allowed.has(name)) {
      issues.push({ param: name, message: `Parameter "${name}" is not accepted by this endpoint` });
    } else if (value.trim() === '') {
      issues.push({ param: name, message: `Parameter "${name}" must not be empty` });
    } else if (spec.values?.[name] && !spec.values[name].includes(value)) {
      issues.push({ param: name, message: `Parameter "${name}" must be one of ${spec.values[name].join(', ')}` });
    } else if (name === 'hashtag' && value.startsWith('#')) {
      issues.push({ param: name, message: 'Parameter "hashtag" is sent without the leading #' });
    }
  }
  return issues;
}
