import CssBaseline from '@mui/material/CssBaseline';
// Our theme has no CSS variables, for which MUI's ThemeProvider picks this one anyway; importing it
// directly leaves out the CSS-variables provider (about 5 KB gzip of the first load).
import ThemeProvider from '@mui/material/styles/ThemeProviderNoVars';
import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SessionExpired } from './components/auth/session-expired';
import { PageLoader } from './components/layout/page-loader';
import { lazyNamed } from './lib/lazy-named';
import { I18nRoot } from './providers/i18n-context';
import type { Locale } from './providers/i18n-provider';
import { SessionProvider } from './providers/session';
import { theme } from './providers/theme';

/** The two halves of the app; main.tsx starts loading the one the address needs before rendering. */
export const loadSignInPage = () => import('./pages/auth/sign-in');
export const loadSignedInRoutes = () => import('./signed-in-routes');

const SignInPage = lazyNamed(loadSignInPage, 'SignInPage');
const SignedInRoutes = lazyNamed(loadSignedInRoutes, 'SignedInRoutes');

export function App() {
  return (
    <BrowserRouter basename="/app">
      <AppRoutes />
    </BrowserRouter>
  );
}

/** The app inside its router: the browser's in `App`, the request's in entry-server.tsx. */
export function AppRoutes({ serverLocale }: { serverLocale?: Locale }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <I18nRoot {...(serverLocale ? { serverLocale } : {})}>
        <SessionProvider>
          <Suspense fallback={<PageLoader fullScreen />}>
            <Routes>
              <Route path="login" element={<SignInPage />} />
              <Route path="session-expired" element={<SessionExpired returnTo="/app/" />} />
              <Route path="*" element={<SignedInRoutes />} />
            </Routes>
          </Suspense>
        </SessionProvider>
      </I18nRoot>
    </ThemeProvider>
  );
}
