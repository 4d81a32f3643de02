/**
 * What the portal's build writes to `dist/.vite/first-load.json` (ADR 034) and the API reads to name a
 * page's chunks and first requests in the HTML it serves: URL paths of chunks, beyond what
 * index.html loads itself.
 */
export interface FirstLoad {
  signIn: string[];
  signedIn: string[];
  /** Refine's shell, which every signed-in page but the home renders in. */
  data: string[];
  texts: Record<'sv' | 'en', { base: string[]; areas: string[] }>;
  /** The home's first GETs. */
  home: string[];
  /**
   * `data`: the page's first GETs, `:param` filled in from the address (portal/src/routes/first-load.ts);
   * `dataRoles`: who the page's data is for (other roles would only get a refusal).
   */
  pages: { path: string; files: string[]; data: string[]; dataRoles?: string[] }[];
}
