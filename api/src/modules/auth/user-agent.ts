/** What the session list says about a browser: its name and major version, the system, and whether it is a phone. */
export interface Device {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

/*
 * A deliberately small User-Agent reading: the browsers and systems people sign in with, checked in
 * an order that respects how their strings imitate each other (Edge and Opera say "Chrome", Chrome
 * says "Safari"). Anything else is shown as unknown; the list is a help to recognise one's own
 * devices, not a security control, and a User-Agent can say anything.
 */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPT)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\S+)? Safari\//],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

export function describeDevice(userAgent: string | null): Device {
  if (!userAgent) return { browser: null, os: null, mobile: false };
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) {
      browser = `${name} ${version}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
  return { browser, os, mobile: /\bMobi|\biPhone\b|\biPod\b/.test(userAgent) };
}
