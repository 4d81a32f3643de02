import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadLocale, readInitialLocale } from './providers/i18n-provider';

const root = document.getElementById('root');
// The texts of the page's language first (a chunk per language), then the app.
if (root) {
  void loadLocale(readInitialLocale()).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
