import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';

// Swedish lives at the root and English under /en/ (docs/decisions/002-swedish-at-root.md).
export default defineConfig({
  site: 'https://kollab.se',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  i18n: { locales: ['sv', 'en'], defaultLocale: 'sv', routing: { prefixDefaultLocale: false } },
  integrations: [react(), mdx(), sitemap({ i18n: { defaultLocale: 'sv', locales: { sv: 'sv-SE', en: 'en-GB' } } })],
  server: { port: 4321 },
  vite: { server: { proxy: { '/api': 'http://localhost:3000', '/app': 'http://localhost:5173' } } },
});
