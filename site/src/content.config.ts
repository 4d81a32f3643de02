import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { ArticleSchema, LegalSchema } from './lib/content-schemas.ts';

// Ids are `<locale>/<file-name>`: a translation pair shares its file name, and the page routes use
// the frontmatter `slug` (Swedish) or the file name for the URL.
const idFromPath = ({ entry }: { entry: string }) => entry.replace(/\.mdx$/, '');

const articles = defineCollection({
  loader: glob({ pattern: '{sv,en}/*.mdx', base: '../content/articles', generateId: idFromPath }),
  schema: ArticleSchema,
});

const legal = defineCollection({
  loader: glob({ pattern: '{sv,en}/*.mdx', base: '../content/legal', generateId: idFromPath }),
  schema: LegalSchema,
});

export const collections = { articles, legal };
