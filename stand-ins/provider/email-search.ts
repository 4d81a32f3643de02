/** `POST /email-search` (CONTRACT.md §7). */
import { z } from 'zod';
import { indexDataset, type SampleDataset } from './dataset.ts';
export const emailSearchBody = z.strictObject({
  emails: z.array(z.string().min(3).max(320)).min(1).max(500),
  access_token: z.string().optional(),
});

/** `POST /email-search`: public profiles on any platform whose contact e-mail is one of the addresses. */
export function buildEmailSearch(dataset: SampleDataset, emails: string[]) {
  const index = indexDataset(dataset);
  const matchedEmails: { email: string; users: Record<string, unknown>[] }[] = [];
  const notMatchedEmails: string[] = [];
  for (const email of emails) {
    const found = (index.byEmail.get(email.trim().toLowerCase()) ?? []).filter((p) => !p.isPrivate);
    if (found.length === 0) {
      notMatchedEmails.push(email);
      continue;
    }
    matchedEmails.push({
      email,
      users: found.map((p) => ({
        platform: p.platform,
        userId: p.userId,
        url: p.url,
        username: p.username,
        fullname: p.fullname,
        picture: p.picture,
        followers: p.followers,
        engagements: p.engagements,
        engagementRate: p.engagementRate,
        isVerified: p.isVerified,
      })),
    });
  }
  return { error: false as const, matchedEmails, notMatchedEmails, totalMatches: matchedEmails.length };
}
