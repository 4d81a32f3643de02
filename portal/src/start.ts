/**
 * The portal's entry (index.html), which starts the app (main.tsx) and nothing else (ADR 034).
 * An empty page starts it at once. A page the server rendered is painted already, and on a slow
 * link its chunks would share the line with what it paints: they are asked for once the page's
 * main picture (the `<img fetchpriority="high">` the server preloaded) is in, or, without one,
 * after the first paint. The page is inert until then (api/src/portal-html.ts).
 */
const root = document.getElementById('root');

function start(): void {
  // The chunks the page needs (`data-modules`, from the build's first-load list), fetched next to
  // main.tsx's own instead of one hop after it.
  for (const href of root?.dataset.modules?.split(' ') ?? []) {
    if (!href) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./main');
}

/** Runs `then` once the frame being drawn now has been painted. */
function afterPaint(then: () => void): void {
  // A page in a background tab paints nothing until shown: nothing to wait for there.
  if (document.visibilityState === 'hidden') then();
  else requestAnimationFrame(() => setTimeout(then, 0));
}

if (root?.firstElementChild) {
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (picture && !picture.complete) {
    const go = () => afterPaint(start);
    picture.addEventListener('load', go, { once: true });
    picture.addEventListener('error', go, { once: true });
  } else {
    afterPaint(start);
  }
} else {
  start();
}
