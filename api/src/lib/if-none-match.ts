/**
 * Whether an `If-None-Match` header names `etag` or is `*` (weak comparison, RFC 9110 §13.1.2: the
 * `W/` prefix is ignored), for every conditional answer: static files, prepared JSON, results.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
