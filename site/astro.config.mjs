import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';

// Pages that only act on a link from a mail, or thank the visitor, stay out of the sitemap (they are noindex).
const UNLISTED =
  /\/(prenumerera\/(tack|bekrafta)|avsluta-prenumeration|radera-uppgifter\/bekrafta|subscribe\/(thank-you|confirm)|unsubscribe|data-deletion\/confirm|404)\/?$/;

// Swedish lives at the root and English under /en/ (docs/decisions/002-swedish-at-root.md).
export default defineConfig({
  site: 'https://kollab.se',
  trailingSlash: 'ignore',
  // Inline CSS: no render-blocking stylesheet requests (the site's CSS is a few kilobytes).
  build: { format: 'directory', inlineStylesheets: 'always' },
  i18n: { locales: ['sv', 'en'], defaultLocale: 'sv', routing: { prefixDefaultLocale: false } },
  integrations: [
    react(),
    mdx(),
    sitemap({
      i18n: { defaultLocale: 'sv', locales: { sv: 'sv-SE', en: 'en-GB' } },
      filter: (page) => !UNLISTED.test(new URL(page).pathname),
    }),
  ],
  server: { port: 4321 },
  vite: { server: { proxy: { '/api': 'http://localhost:3000', '/app': 'http://localhost:5173' } } },
});
