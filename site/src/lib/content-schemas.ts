import { z } from 'astro/zod';

/** A URL segment: lowercase letters, digits and dashes. */
const SlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase letters, digits and dashes');

/** Frontmatter of `content/articles/{sv,en}/<file-name>.mdx`. */
export const ArticleSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(50).max(200),
  date: z.coerce.date(),
  author: z.string().min(1),
  /** A file in site/public, e.g. `/blog/authentic-ugc.svg`. */
  cover: z.string().regex(/^\/blog\/[a-z0-9-]+\.svg$/),
  coverAlt: z.string().min(1),
  tags: z.array(z.string().min(1)).min(1),
  /** Swedish only: the URL segment when it differs from the file name. */
  slug: SlugSchema.optional(),
});
export type ArticleData = z.infer<typeof ArticleSchema>;

/** Frontmatter of `content/legal/{sv,en}/{privacy,terms,data-deletion}.mdx`. */
export const LegalSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(50).max(200),
  version: z.string().regex(/^\d+\.\d+$/, 'like 1.0'),
  effectiveDate: z.coerce.date(),
  slug: SlugSchema.optional(),
});
export type LegalData = z.infer<typeof LegalSchema>;
