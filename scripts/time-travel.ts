/**
 * The browser suite's time-travel server: Kollab as `npm start` runs it (scripts/compose.ts), but
 * on a clock this process can move forward, shared by the API's scheduled work and post reads and
 * by the sample provider's published posts. A control server on the loopback interface
 * (TIME_TRAVEL_PORT) answers:
 *   GET  /provider                 the sample provider's URL and key (to publish a post as a creator would)
 *   POST /advance {"seconds": n}   moves the clock forward, then runs the scheduled work once
 * Test code only: production has no way to move its clock (the API takes `now` from its composition root).
 */
import { serve } from '@hono/node-server';
import { startKollab } from './compose.ts';

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const kollab = await startKollab({ now });

const port = Number(process.env.TIME_TRAVEL_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('TIME_TRAVEL_PORT must be a port number');

serve({
  port,
  hostname: '127.0.0.1',
  fetch: async (request) => {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/provider')
      return Response.json({ url: kollab.sampleProvider?.url, apiKey: kollab.sampleProvider?.apiKey });
    if (request.method === 'POST' && url.pathname === '/advance') {
      const { seconds } = (await request.json()) as { seconds?: unknown };
      if (typeof seconds !== 'number' || !(seconds >= 0))
        return Response.json({ error: 'seconds ≥ 0' }, { status: 400 });
      offsetMs += seconds * 1000;
      await kollab.server.runScheduledWork();
      return Response.json({ now: now().toISOString() });
    }
    return Response.json({ error: 'not found' }, { status: 404 });
  },
});
