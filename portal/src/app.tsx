import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Authenticated, Refine } from '@refinedev/core';
import { RefineSnackbarProvider, useNotificationProvider } from '@refinedev/mui';
import routerProvider, { NavigateToResource } from '@refinedev/react-router';
import { useMemo, useState } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes } from 'react-router';
import { SignInPage } from './pages/auth/sign-in';
import { NotFoundPage } from './pages/not-found';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { createI18nProvider, type Locale } from './providers/i18n-provider';
import { theme } from './providers/theme';

export function App() {
  const [, setLocale] = useState<Locale>();
  const i18nProvider = useMemo(() => createI18nProvider(setLocale), []);
  return (
    <BrowserRouter basename="/app">
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {/* The spec: bottom-left, hidden after 6000 ms. */}
        <RefineSnackbarProvider anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }} autoHideDuration={6000}>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            options={{ disableTelemetry: true, syncWithLocation: true }}
          >
            <Routes>
              <Route
                element={
                  <Authenticated key="protected" fallback={<Navigate to="/login" replace />}>
                    <Outlet />
                  </Authenticated>
                }
              >
                <Route index element={<NavigateToResource />} />
              </Route>
              <Route path="/login" element={<SignInPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Refine>
        </RefineSnackbarProvider>
      </ThemeProvider>
    </BrowserRouter>
  );
}
