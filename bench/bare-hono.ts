// The baseline for bench/health-throughput.ts: a bare Hono app answering "hello".
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono().get('/hello', (c) => c.json({ hello: 'world' }));
serve({ fetch: app.fetch, port: Number(process.argv[2]) });
