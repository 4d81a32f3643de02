// The cached report's floor for `npm run bench` (issue 21, item 1): the report's gzip bytes, as the
// API sent them, from a Map in a bare Hono app.
//
//   node bench/floor-report.ts <port> <report.json>   report.json: { "<path>": "<base64 gzip>" }
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [port = '0', file = ''] = process.argv.slice(2);
const bodies = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(([path, body]) => [
    path,
    Buffer.from(body, 'base64'),
  ]),
);
const app = new Hono().get('*', (c) => {
  const body = bodies.get(c.req.path);
  if (!body) return c.body(null, 404);
  return c.body(body, 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
});
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' });
