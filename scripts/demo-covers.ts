/**
 * Draws the demo campaigns' cover images (no photos to hand, and no network): product-and-lifestyle
 * scenes made of gradients and shapes, without text, written as WebP at the widths the portal's
 * `srcset` offers to `api/assets/demo-covers/`, with `covers.json` (slug → storage key) for the seed.
 * File names carry a hash of the drawing, so the API serves them as immutable (ADR 040).
 *
 * Run with `npm run covers:demo` after changing a drawing; commit the output.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '..', 'api', 'assets', 'demo-covers');
const WIDTHS = [480, 800, 1200] as const;
const WIDTH = 1200;
const HEIGHT = 630;

const defs = (extra: string) => `<defs>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
  <filter id="haze" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
  <filter id="steam" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>
  ${extra}
</defs>`;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;

/** Autumn dark roast: a mug and a coffee bag on a wooden table in front of mountains at dusk. */
const autumnRoast = svg(`${defs(`
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#f3b27a"/><stop offset="0.55" stop-color="#e98d67"/><stop offset="1" stop-color="#b5645a"/>
  </linearGradient>
  <linearGradient id="far" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9a5f63"/><stop offset="1" stop-color="#7c4f5a"/></linearGradient>
  <linearGradient id="near" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4f3b45"/><stop offset="1" stop-color="#3a2d36"/></linearGradient>
  <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a5a3b"/><stop offset="1" stop-color="#5b3824"/></linearGradient>
  <linearGradient id="mug" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#d9d4cb"/><stop offset="0.35" stop-color="#f6f2ea"/><stop offset="1" stop-color="#b9b1a5"/>
  </linearGradient>
  <radialGradient id="coffee" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#6b3f22"/><stop offset="1" stop-color="#2e1a10"/></radialGradient>
  <linearGradient id="bag" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#1f4d47"/><stop offset="0.4" stop-color="#2f6b62"/><stop offset="1" stop-color="#173a35"/>
  </linearGradient>`)}
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="860" cy="210" r="90" fill="#ffe2a8" opacity="0.9" filter="url(#haze)"/>
  <circle cx="860" cy="210" r="52" fill="#fff1cf"/>
  <path d="M0 330 L140 230 L260 300 L390 190 L540 310 L680 220 L820 320 L960 240 L1100 300 L1200 260 L1200 460 L0 460 Z" fill="url(#far)"/>
  <path d="M0 390 L180 300 L330 380 L470 290 L640 400 L800 320 L980 410 L1120 340 L1200 380 L1200 470 L0 470 Z" fill="url(#near)"/>
  <rect y="440" width="1200" height="190" fill="url(#table)"/>
  <path d="M0 470 Q600 455 1200 480" stroke="#a26f4b" stroke-width="3" fill="none" opacity="0.5"/>
  <path d="M0 540 Q600 520 1200 545" stroke="#4a2c1c" stroke-width="4" fill="none" opacity="0.35"/>
  <ellipse cx="470" cy="560" rx="150" ry="22" fill="#2a170d" opacity="0.55" filter="url(#soft)"/>
  <ellipse cx="760" cy="565" rx="120" ry="20" fill="#2a170d" opacity="0.5" filter="url(#soft)"/>
  <path d="M545 400 q85 0 85 62 q0 62 -85 62" stroke="#cfc8bc" stroke-width="26" fill="none"/>
  <path d="M360 360 h190 v170 q0 36 -36 36 h-118 q-36 0 -36 -36 Z" fill="url(#mug)"/>
  <ellipse cx="455" cy="360" rx="95" ry="20" fill="#e9e3d8"/>
  <ellipse cx="455" cy="363" rx="82" ry="14" fill="url(#coffee)"/>
  <g stroke="#fff" stroke-width="10" fill="none" opacity="0.55" filter="url(#steam)">
    <path d="M430 330 q-25 -40 0 -80 q25 -40 0 -80"/><path d="M480 325 q25 -35 0 -70 q-25 -35 0 -75"/>
  </g>
  <path d="M690 330 l35 -30 h90 l35 30 v220 q0 18 -18 18 h-124 q-18 0 -18 -18 Z" fill="url(#bag)"/>
  <path d="M725 300 h90 l-8 22 h-74 Z" fill="#14312d"/>
  <circle cx="770" cy="430" r="38" fill="#e98d67" opacity="0.9"/>
  <path d="M745 440 l18 -22 l12 14 l8 -9 l14 17 Z" fill="#2f6b62"/>
  <g fill="#3b2216"><ellipse cx="600" cy="585" rx="11" ry="7" transform="rotate(-20 600 585)"/><ellipse cx="628" cy="596" rx="11" ry="7" transform="rotate(30 628 596)"/><ellipse cx="880" cy="590" rx="11" ry="7" transform="rotate(10 880 590)"/><ellipse cx="300" cy="598" rx="11" ry="7" transform="rotate(-35 300 598)"/></g>
`);

/** Winter thermos: a thermos and its cup in the snow, cold blue light over the fells. */
const winterThermos = svg(`${defs(`
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3de"/><stop offset="1" stop-color="#dceaf2"/></linearGradient>
  <linearGradient id="fell" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f8fb"/><stop offset="1" stop-color="#b8cfdf"/></linearGradient>
  <linearGradient id="fell2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7e9fb8"/><stop offset="1" stop-color="#5f819c"/></linearGradient>
  <linearGradient id="snow" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7fbfd"/><stop offset="1" stop-color="#d3e2ec"/></linearGradient>
  <linearGradient id="steel" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#174a3f"/><stop offset="0.3" stop-color="#2f7a68"/><stop offset="0.45" stop-color="#5fae98"/><stop offset="0.6" stop-color="#2f7a68"/><stop offset="1" stop-color="#123a32"/>
  </linearGradient>
  <linearGradient id="cap" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#5b6770"/><stop offset="0.45" stop-color="#c9d2d8"/><stop offset="1" stop-color="#48535b"/>
  </linearGradient>`)}
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="260" cy="150" r="120" fill="#ffffff" opacity="0.55" filter="url(#haze)"/>
  <path d="M0 360 L170 250 L300 320 L470 200 L640 330 L790 240 L980 350 L1200 270 L1200 470 L0 470 Z" fill="url(#fell2)"/>
  <path d="M470 200 L520 240 L500 250 L540 270 L470 250 L430 230 Z M790 240 L830 268 L800 272 L820 290 L770 262 Z" fill="#eef4f8" opacity="0.9"/>
  <path d="M0 420 Q300 350 620 420 T1200 400 L1200 630 L0 630 Z" fill="url(#fell)"/>
  <path d="M0 500 Q400 450 800 500 T1200 490 L1200 630 L0 630 Z" fill="url(#snow)"/>
  <ellipse cx="640" cy="575" rx="170" ry="24" fill="#6b8aa3" opacity="0.45" filter="url(#soft)"/>
  <rect x="570" y="210" width="130" height="360" rx="26" fill="url(#steel)"/>
  <rect x="575" y="160" width="120" height="66" rx="14" fill="url(#cap)"/>
  <rect x="570" y="226" width="130" height="14" fill="#0f3029" opacity="0.5"/>
  <rect x="570" y="480" width="130" height="10" fill="#0f3029" opacity="0.35"/>
  <rect x="596" y="250" width="14" height="220" rx="7" fill="#ffffff" opacity="0.25"/>
  <ellipse cx="830" cy="580" rx="90" ry="16" fill="#6b8aa3" opacity="0.4" filter="url(#soft)"/>
  <path d="M760 470 h140 l-14 100 q-2 12 -14 12 h-84 q-12 0 -14 -12 Z" fill="url(#cap)"/>
  <ellipse cx="830" cy="470" rx="70" ry="14" fill="#dfe6ea"/>
  <ellipse cx="830" cy="472" rx="60" ry="9" fill="#4a2a18"/>
  <g stroke="#fff" stroke-width="9" fill="none" opacity="0.7" filter="url(#steam)">
    <path d="M812 450 q-18 -32 0 -64 q18 -32 0 -64"/><path d="M852 446 q-16 -28 0 -56 q16 -28 0 -56"/>
  </g>
  <g fill="#ffffff" opacity="0.85">
    <circle cx="120" cy="90" r="5"/><circle cx="380" cy="60" r="4"/><circle cx="520" cy="120" r="6"/><circle cx="980" cy="80" r="5"/>
    <circle cx="1100" cy="170" r="4"/><circle cx="900" cy="200" r="6"/><circle cx="200" cy="260" r="4"/><circle cx="1040" cy="300" r="5"/>
    <circle cx="60" cy="210" r="6"/><circle cx="720" cy="90" r="4"/><circle cx="1160" cy="60" r="5"/><circle cx="420" cy="300" r="5"/>
  </g>
`);

/** Christmas calendar: wrapped boxes and warm bokeh lights on deep green. */
const christmas = svg(`${defs(`
  <radialGradient id="bg" cx="0.5" cy="0.4" r="0.8"><stop offset="0" stop-color="#245e4c"/><stop offset="1" stop-color="#0f2c25"/></radialGradient>
  <linearGradient id="red" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d2493f"/><stop offset="1" stop-color="#92251f"/></linearGradient>
  <linearGradient id="cream" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6ecd9"/><stop offset="1" stop-color="#d8c8aa"/></linearGradient>
  <linearGradient id="gold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b98b2f"/><stop offset="0.5" stop-color="#f0cf7a"/><stop offset="1" stop-color="#a97a25"/></linearGradient>
  <linearGradient id="shelf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7a4a2e"/><stop offset="1" stop-color="#4c2c1a"/></linearGradient>`)}
  <rect width="1200" height="630" fill="url(#bg)"/>
  <g filter="url(#soft)">
    <circle cx="140" cy="120" r="40" fill="#f7d27c" opacity="0.55"/><circle cx="330" cy="80" r="28" fill="#f9e2a6" opacity="0.5"/>
    <circle cx="980" cy="110" r="46" fill="#f7d27c" opacity="0.5"/><circle cx="1110" cy="240" r="30" fill="#ffb77a" opacity="0.45"/>
    <circle cx="760" cy="60" r="24" fill="#f9e2a6" opacity="0.5"/><circle cx="80" cy="320" r="34" fill="#ffb77a" opacity="0.4"/>
    <circle cx="560" cy="140" r="30" fill="#f7d27c" opacity="0.35"/><circle cx="1150" cy="60" r="22" fill="#f9e2a6" opacity="0.5"/>
  </g>
  <rect y="470" width="1200" height="160" fill="url(#shelf)"/>
  <ellipse cx="600" cy="480" rx="420" ry="20" fill="#0b1f1a" opacity="0.6" filter="url(#soft)"/>
  <rect x="250" y="290" width="240" height="190" rx="8" fill="url(#red)"/>
  <rect x="355" y="290" width="30" height="190" fill="url(#gold)"/>
  <rect x="250" y="370" width="240" height="28" fill="url(#gold)"/>
  <path d="M370 290 q-60 -70 -90 -20 q-10 30 90 20 Z M370 290 q60 -70 90 -20 q10 30 -90 20 Z" fill="url(#gold)"/>
  <rect x="530" y="330" width="180" height="150" rx="8" fill="url(#cream)"/>
  <rect x="530" y="390" width="180" height="22" fill="#2f6b62"/>
  <rect x="608" y="330" width="22" height="150" fill="#2f6b62"/>
  <rect x="750" y="250" width="200" height="230" rx="8" fill="#2f6b62"/>
  <rect x="750" y="350" width="200" height="26" fill="url(#red)"/>
  <rect x="838" y="250" width="26" height="230" fill="url(#red)"/>
  <path d="M851 250 q-50 -60 -80 -18 q-8 26 80 18 Z M851 250 q50 -60 80 -18 q8 26 -80 18 Z" fill="#d2493f"/>
  <g fill="#f6ecd9" opacity="0.8"><circle cx="780" cy="290" r="5"/><circle cx="920" cy="300" r="5"/><circle cx="790" cy="440" r="5"/><circle cx="915" cy="450" r="5"/><circle cx="280" cy="320" r="5"/><circle cx="460" cy="450" r="5"/></g>
  <path d="M1030 330 l14 30 l33 4 l-24 22 l7 33 l-30 -17 l-30 17 l7 -33 l-24 -22 l33 -4 Z" fill="url(#gold)"/>
  <path d="M130 470 l50 -150 l50 150 Z" fill="#1d5a48"/><path d="M145 420 l35 -105 l35 105 Z" fill="#2f7a60"/>
`);

const COVERS = { fjallrost: autumnRoast, termos: winterThermos, julkalender: christmas } as const;

await mkdir(OUT, { recursive: true });
for (const name of await readdir(OUT)) await rm(join(OUT, name));
const keys: Record<string, string> = {};
for (const [slug, drawing] of Object.entries(COVERS)) {
  const base = `${slug}.${createHash('sha256').update(drawing).digest('hex').slice(0, 10)}`;
  keys[slug] = `demo-covers/${base}`;
  for (const width of WIDTHS) {
    const image = await sharp(Buffer.from(drawing))
      .resize(width, Math.round((width * HEIGHT) / WIDTH))
      .webp({ quality: 74, effort: 6, smartSubsample: true })
      .toBuffer();
    await writeFile(join(OUT, `${base}-${width}.webp`), image);
    console.log(`${base}-${width}.webp ${(image.byteLength / 1024).toFixed(1)} KB`);
  }
}
await writeFile(join(OUT, 'covers.json'), `${JSON.stringify(keys, null, 2)}\n`);
