/**
 * The composition root (`npm start`, `npm run serve`, `npm run dev`, the browser suite and the
 * benchmarks): the stand-ins the configuration needs, then the API pointed at them, in one process
 * (scripts/compose.ts). `node api/src/server.ts` runs the API alone, with a real provider.
 */
import { startKollab } from './compose.ts';

await startKollab();
