import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RequireSession } from './components/auth/require-session';
import { SessionExpired } from './components/auth/session-expired';
import { PageLoader } from './components/layout/page-loader';
import { SignInPage } from './pages/auth/sign-in';
import { I18nRoot } from './providers/i18n-context';
import { SessionProvider } from './providers/session';
import { theme } from './providers/theme';
import { adminRoutes } from './routes/admin';
import { billingRoutes } from './routes/billing';
import { campaignRoutes } from './routes/campaigns';
import { chatRoutes } from './routes/chat';
import { discoveryRoutes } from './routes/discovery';
import { moneyRoutes } from './routes/money';
import { paymentRoutes } from './routes/payments';
import { payoutRoutes } from './routes/payouts';
import { taxRoutes } from './routes/tax';

/** Every page but sign-in is its own chunk, so the sign-in route loads as little as possible. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const RefineShell = lazyNamed(() => import('./refine-shell'), 'RefineShell');
const AppLayout = lazyNamed(() => import('./components/layout/app-layout'), 'AppLayout');
const RegisterPage = lazyNamed(() => import('./pages/auth/register'), 'RegisterPage');
const VerifyEmailPage = lazyNamed(() => import('./pages/auth/verify-email'), 'VerifyEmailPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/auth/reset-password'), 'ResetPasswordPage');
const AuthErrorPage = lazyNamed(() => import('./pages/auth/auth-error'), 'AuthErrorPage');
const ConfirmEmailChangePage = lazyNamed(() => import('./pages/auth/confirm-email-change'), 'ConfirmEmailChangePage');
const DashboardPage = lazyNamed(() => import('./pages/dashboard'), 'DashboardPage');
const AccountPage = lazyNamed(() => import('./pages/account/manage'), 'AccountPage');
const PaymentMethodsPage = lazyNamed(() => import('./pages/payment-methods/list'), 'PaymentMethodsPage');
const OnboardingPage = lazyNamed(() => import('./pages/creator/onboarding'), 'OnboardingPage');
const CreatorProfilePage = lazyNamed(() => import('./pages/creator/profile'), 'CreatorProfilePage');
const WithdrawalPage = lazyNamed(() => import('./pages/creator/withdrawal'), 'WithdrawalPage');
const NotFoundPage = lazyNamed(() => import('./pages/not-found'), 'NotFoundPage');

export function App() {
  return (
    <BrowserRouter basename="/app">
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <I18nRoot>
          <SessionProvider>
            <Suspense fallback={<PageLoader fullScreen />}>
              <Routes>
                <Route path="login" element={<SignInPage />} />
                <Route path="session-expired" element={<SessionExpired returnTo="/app/" />} />
                <Route element={<RefineShell />}>
                  <Route
                    element={
                      <RequireSession>
                        <AppLayout />
                      </RequireSession>
                    }
                  >
                    <Route index element={<DashboardPage />} />
                    <Route path="account" element={<AccountPage />} />
                    <Route path="payment-methods" element={<PaymentMethodsPage />} />
                    <Route path="onboarding" element={<OnboardingPage />} />
                    <Route path="profile" element={<CreatorProfilePage />} />
                    <Route path="withdrawal" element={<WithdrawalPage />} />
                    {campaignRoutes}
                    {moneyRoutes}
                    {paymentRoutes}
                    {chatRoutes}
                    {adminRoutes}
                    {billingRoutes}
                    {payoutRoutes}
                    {discoveryRoutes}
                    {taxRoutes}
                  </Route>
                  <Route path="register" element={<RegisterPage />} />
                  <Route path="verify-email" element={<VerifyEmailPage />} />
                  <Route path="reset-password" element={<ResetPasswordPage />} />
                  <Route path="confirm-email-change" element={<ConfirmEmailChangePage />} />
                  <Route path="auth-error" element={<AuthErrorPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </Suspense>
          </SessionProvider>
        </I18nRoot>
      </ThemeProvider>
    </BrowserRouter>
  );
}
