/**
 * The test apps of the running test file, so helpers that look for what a request did after its
 * answer (a mail in the SMTP stand-in) can first wait for it: mail is a queued job (ADR 031) and
 * reaches the mail server shortly after the request, not during it. Vitest runs each file in its
 * own module scope, so this set holds one file's apps.
 */
const apps = new Set<{ settle(): Promise<void> }>();

export function trackPendingWork(app: { settle(): Promise<void> }): () => void {
  apps.add(app);
  return () => apps.delete(app);
}

/** Waits until every open test app has sent what it queued. */
export async function settlePendingWork(): Promise<void> {
  await Promise.all([...apps].map((app) => app.settle()));
}
