import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BoundedCache } from './bounded-cache.ts';

/**
 * The Content-Security-Policy of each surface the one process serves (ADR 019). Every policy starts
 * from `default-src 'none'` and opens only what that surface uses; none allows `eval` or inline
 * script other than by the hash of its exact text.
 */

/** Where browsers send violation reports: `report-uri` (older browsers) and the Reporting API. */
export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API endpoint the policies name in `report-to`; see the `Reporting-Endpoints` header. */
export const CSP_REPORT_GROUP = 'csp';

/** The sha256 sources of a page's inline `<script>` and `<style>` elements, e.g. `'sha256-…'`. */
export interface InlineHashes {
  scripts: string[];
  styles: string[];
}

type Directives = Record<string, string[]>;

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

const REPORTING: Directives = { 'report-uri': [CSP_REPORT_PATH], 'report-to': [CSP_REPORT_GROUP] };

/** JSON answers: nothing may load, nothing may frame them. */
export const API_POLICY = serialize({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });

/**
 * The portal (a Vite build): scripts only from its own files. Styles also inline, because MUI's
 * emotion writes `<style>` elements at run time (ADR 019 says why not a nonce). Pictures also from
 * https (the provider's profile pictures) and `blob:` (the preview of a picture being uploaded).
 */
export const PORTAL_POLICY = serialize({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'blob:', 'https:'],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  ...REPORTING,
});

/** A page of the marketing site (an Astro build): its own files plus its inline elements by hash. */
export function sitePolicy(hashes: InlineHashes = { scripts: [], styles: [] }): string {
  return serialize({
    'default-src': ["'none'"],
    'script-src': ["'self'", ...hashes.scripts],
    'style-src': ["'self'", ...hashes.styles],
    'img-src': ["'self'"],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    ...REPORTING,
  });
}

/**
 * The API reference (Scalar, served from this origin): its bundle and start-up script are files of
 * this origin. The bundle injects its own `<style>` elements at run time.
 */
export const DOCS_POLICY = serialize({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'"],
  'connect-src': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  ...REPORTING,
});

/** `'sha256-<base64>'`: the CSP source that allows exactly this inline text. */
export function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// An opening tag's attributes, where a quoted value may contain `>`.
const ATTRIBUTES = `((?:[^>"']|"[^"]*"|'[^']*')*)`;
const SCRIPT = new RegExp(String.raw`<script\b${ATTRIBUTES}>([\s\S]*?)<\/script\s*>`, 'gi');
const STYLE = new RegExp(String.raw`<style\b${ATTRIBUTES}>([\s\S]*?)<\/style\s*>`, 'gi');
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*["']?([^"'\s>]+)/i;
const SCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The hashes of every inline script and style element in a page, in order, without repeats. Script
 * and style are raw-text elements, so the text between the tags is exactly what the browser hashes.
 * Scripts with `src` are covered by `'self'`; data blocks (`application/ld+json`) never run.
 */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = attributes.match(TYPE_ATTRIBUTE)?.[1]?.toLowerCase() ?? '';
    if (SCRIPT_TYPES.has(type)) scripts.add(hashSource(text));
  }
  const styles = new Set<string>();
  for (const [, , text = ''] of html.matchAll(STYLE)) styles.add(hashSource(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/** A built file as the static server found it. */
export interface HashedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/**
 * The site's policy per HTML file, computed from the file itself the first time it is served and
 * kept until the file changes (a new build), so the header always matches the bytes sent.
 */
export function createSitePolicies(): (file: HashedFile) => Promise<string> {
  const cache = new BoundedCache<{ version: string; policy: string }>(1024 * 1024, 2000);
  return async (file) => {
    const version = `${file.size}:${file.mtimeMs}`;
    const cached = cache.get(file.path);
    if (cached?.version === version) return cached.policy;
    const policy = sitePolicy(inlineHashes(await readFile(file.path, 'utf8')));
    cache.set(file.path, { version, policy }, policy.length * 2);
    return policy;
  };
}
