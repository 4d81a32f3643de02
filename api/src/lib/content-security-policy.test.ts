import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSitePolicies, hashSource, inlineHashes } from './content-security-policy.ts';

// sha256 of the exact text, as `echo -n … | openssl dgst -sha256 -binary | base64` gives it.
const LOG_ONE = "'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"; // console.log(1)
const RED_H1 = "'sha256-/D8wWMrWSOjeD/K4IHepvRvJjPxqJbouCB3qbqmBaqY='"; // h1{color:red}
const NO_MARGIN = "'sha256-QRQPRLGyxt3RJiKpYNjpkgHcmHU2PywsfL2e8oI0LQA='"; // p{margin:0}
const EMPTY = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

describe('inlineHashes', () => {
  it('hashes classic and module scripts and styles, once each, in page order', () => {
    const html = `<!doctype html><head><style>h1{color:red}</style><STYLE media="print">p{margin:0}</STYLE></head>
      <body><script>console.log(1)</script><script type="module">console.log(1)</script>
      <script type="text/javascript"></script><style>h1{color:red}</style></body>`;
    expect(inlineHashes(html)).toEqual({ scripts: [LOG_ONE, EMPTY], styles: [RED_H1, NO_MARGIN] });
  });

  it('leaves out scripts loaded from a file and data blocks, which never run inline', () => {
    const html = `<script src="/_astro/a.js"></script><script type="module" src="/x.js"></script>
      <script type="application/ld+json">{"@type":"Organization"}</script><script data-x="a>b">console.log(1)</script>`;
    expect(inlineHashes(html)).toEqual({ scripts: [LOG_ONE], styles: [] });
  });

  it('hashes the text byte for byte, whitespace and non-ASCII included', () => {
    const text = "\n  const hälsning = 'hej';\n";
    expect(inlineHashes(`<script>${text}</script>`).scripts).toEqual([hashSource(text)]);
    expect(hashSource(text)).not.toBe(hashSource(text.trim()));
  });
});

describe('createSitePolicies', () => {
  it("computes a page's policy from its file and again when the file changes", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kollab-csp-'));
    try {
      const path = join(dir, 'index.html');
      const policyOf = createSitePolicies();
      await writeFile(path, '<style>h1{color:red}</style>');
      // The static server passes the size and time it found; the same pair means the same build.
      const first = await policyOf({ path, size: 28, mtimeMs: 1_000_000 });
      expect(first).toContain(`style-src 'self' ${RED_H1};`);
      await writeFile(path, '<script>console.log(1)</script>');
      expect(await policyOf({ path, size: 28, mtimeMs: 1_000_000 })).toBe(first);
      const rebuilt = await policyOf({ path, size: 31, mtimeMs: 2_000_000 });
      expect(rebuilt).toContain(`script-src 'self' ${LOG_ONE}; style-src 'self';`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
