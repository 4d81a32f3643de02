import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { Outlet } from 'react-router';
import { isApiError } from './lib/api-fetch';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';
import { useI18n } from './providers/i18n-context';
import { notificationProvider } from './providers/notification-provider';

const reactQuery = {
  clientConfig: {
    defaultOptions: {
      queries: {
        // The session is refetched on focus; data is not, so an ended session never triggers 401s.
        refetchOnWindowFocus: false,
        retry: (failures: number, error: unknown) =>
          failures < 2 && (!isApiError(error) || error.statusCode === 0 || error.statusCode >= 500),
      },
    },
  },
};

/**
 * Refine (data, auth, notifications) for the pages that use it (`DataShell`). Loaded lazily: it is
 * the heaviest dependency after React and MUI, and neither sign-in nor the home needs it.
 */
export function RefineShell() {
  const { provider } = useI18n();
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={provider}
      notificationProvider={notificationProvider}
      options={{ disableTelemetry: true, reactQuery }}
    >
      <Outlet />
    </Refine>
  );
}
