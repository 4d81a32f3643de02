import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import { noneMatch } from './if-none-match.ts';
import { findPrecompressed, PRECOMPRESSED_TYPES } from './precompressed.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/** Build tools put content hashes in these folders' file names, so their files never change. */
const IMMUTABLE_DIRS = ['/_astro/', '/assets/'];

export interface StaticFilesOptions {
  /** Absolute folder to serve. */
  root: string;
  /** URL prefix the folder is mounted at, e.g. `/app`; empty for the root. */
  prefix?: string;
  /** Serve `index.html` for unknown paths that ask for HTML (single-page apps). */
  spaFallback?: boolean;
  /** Extra headers for each HTML file served, e.g. a Content-Security-Policy with its inline hashes. */
  htmlHeaders?: (file: FoundFile) => Promise<Record<string, string>>;
  /** Answers for each HTML file instead of sending it as it is (the portal's, api/src/portal-html.ts). */
  sendHtml?: (c: Context, file: FoundFile) => Promise<Response>;
}

export interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
}

async function findFile(path: string): Promise<FoundFile | 'directory' | null> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return 'directory';
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/**
 * Serves a file with a weak ETag; answers 304 when the browser's copy is current. A hashed asset
 * goes out as the build's Brotli or gzip copy when the browser takes one (scripts/precompress.ts);
 * everything else is compressed on the way by the app's compress middleware.
 */
export async function sendFile(
  c: Context,
  file: FoundFile,
  options: { status?: 200 | 404; immutable?: boolean; headers?: Record<string, string> } = {},
) {
  const type = extname(file.path).toLowerCase();
  const copy =
    options.immutable && PRECOMPRESSED_TYPES.has(type)
      ? await findPrecompressed(file, c.req.header('Accept-Encoding'))
      : null;
  const tag = `${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}`;
  const etag = copy ? `W/"${tag}-${copy.encoding}"` : `W/"${tag}"`;
  const headers: Record<string, string> = {
    ...options.headers,
    'Content-Type': CONTENT_TYPES[type] ?? 'application/octet-stream',
    'Cache-Control': options.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ETag: etag,
    ...(copy ? { 'Content-Encoding': copy.encoding, Vary: 'Accept-Encoding' } : {}),
  };
  if (options.status !== 404 && noneMatch(c.req.header('If-None-Match'), etag)) {
    return c.body(null, 304, headers);
  }
  headers['Content-Length'] = String(copy ? copy.size : file.size);
  if (c.req.method === 'HEAD') return c.body(null, options.status ?? 200, headers);
  const body = Readable.toWeb(createReadStream(copy ? copy.path : file.path)) as ReadableStream<Uint8Array>;
  return c.body(body, options.status ?? 200, headers);
}

/** Looks up a file below `root`; null when it is missing or the path escapes the folder. */
export async function resolveStaticFile(root: string, relativePath: string): Promise<FoundFile | 'directory' | null> {
  const target = normalize(join(root, relativePath));
  if (target !== root && !target.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return findFile(target);
}

/** Serves a built static folder (Astro or Vite output) for GET and HEAD. */
export function staticFiles(options: StaticFilesOptions): MiddlewareHandler {
  const prefix = options.prefix ?? '';
  const send = async (c: Context, file: FoundFile, immutable = false) => {
    if (options.sendHtml && file.path.endsWith('.html')) return options.sendHtml(c, file);
    const headers = options.htmlHeaders && file.path.endsWith('.html') ? await options.htmlHeaders(file) : undefined;
    return sendFile(c, file, { immutable, ...(headers ? { headers } : {}) });
  };
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    if (pathname.includes('\0')) return next();
    if (prefix && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return next();
    const relative = pathname.slice(prefix.length) || '/';
    const found = await resolveStaticFile(options.root, relative);
    if (found === 'directory') {
      if (!relative.endsWith('/')) {
        const url = new URL(c.req.url);
        return c.redirect(`${url.pathname}/${url.search}`, 308);
      }
      const index = await resolveStaticFile(options.root, join(relative, 'index.html'));
      if (index && index !== 'directory') return send(c, index);
    } else if (found) {
      return send(
        c,
        found,
        IMMUTABLE_DIRS.some((dir) => relative.startsWith(dir)),
      );
    }
    // Client-side routes may contain dots (`/app/discovery/instagram/cleo.creates`); only paths
    // that end like one of our asset types are missing files rather than routes.
    const looksLikeAsset = Object.hasOwn(CONTENT_TYPES, extname(relative).toLowerCase());
    if (options.spaFallback && !looksLikeAsset && (c.req.header('Accept') ?? '').includes('text/html')) {
      const index = await resolveStaticFile(options.root, 'index.html');
      if (index && index !== 'directory') return send(c, index);
    }
    return next();
  };
}
