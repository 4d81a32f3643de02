/** A piece of a message body: plain text, or a link that is safe to render as `<a href>`. */
export type BodyPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

// Candidates only; every match is checked with the URL parser below before it becomes a link.
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"»”’]+$/;

/** Drops punctuation that ends a sentence, and a `)` that closes a bracket opened before the URL. */
function trimCandidate(candidate: string): string {
  let text = candidate.replace(TRAILING_PUNCTUATION, '');
  while (text.endsWith(')') && (text.match(/\(/g)?.length ?? 0) < (text.match(/\)/g)?.length ?? 0)) {
    text = text.slice(0, -1).replace(TRAILING_PUNCTUATION, '');
  }
  while (text.endsWith(']') && !text.includes('[')) text = text.slice(0, -1);
  return text;
}

/** The URL when `text` is an absolute http(s) URL with a host, otherwise null. */
export function safeHttpUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return url.href;
}

/**
 * Splits a message body into text and links. Only http(s) URLs become links; everything else
 * (HTML, Markdown, `javascript:` and other schemes) stays text, which React escapes.
 */
export function linkify(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let index = 0;
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last?.type === 'text') last.text += text;
    else parts.push({ type: 'text', text });
  };
  for (const match of body.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const text = trimCandidate(match[0]);
    const href = safeHttpUrl(text);
    pushText(body.slice(index, start));
    if (href) parts.push({ type: 'link', text, href });
    else pushText(text);
    index = start + text.length;
  }
  pushText(body.slice(index));
  return parts;
}
