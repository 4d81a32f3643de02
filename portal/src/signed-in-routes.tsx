import { Route, Routes } from 'react-router';
import { RequireSession } from './components/auth/require-session';
import { AppLayout } from './components/layout/app-layout';
import { DataShell } from './components/layout/data-shell';
import { lazyNamed } from './lib/lazy-named';
import { DashboardPage } from './pages/dashboard';
import { Notifications } from './providers/notification-provider';
import { adminRoutes } from './routes/admin';
import { billingRoutes } from './routes/billing';
import { campaignRoutes } from './routes/campaigns';
import { chatRoutes } from './routes/chat';
import { discoveryRoutes } from './routes/discovery';
import { moneyRoutes } from './routes/money';
import { notificationRoutes } from './routes/notifications';
import { paymentRoutes } from './routes/payments';
import { payoutRoutes } from './routes/payouts';
import { taxRoutes } from './routes/tax';

const RegisterPage = lazyNamed(() => import('./pages/auth/register'), 'RegisterPage');
const VerifyEmailPage = lazyNamed(() => import('./pages/auth/verify-email'), 'VerifyEmailPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/auth/reset-password'), 'ResetPasswordPage');
const AuthErrorPage = lazyNamed(() => import('./pages/auth/auth-error'), 'AuthErrorPage');
const ConfirmEmailChangePage = lazyNamed(() => import('./pages/auth/confirm-email-change'), 'ConfirmEmailChangePage');
const AccountPage = lazyNamed(() => import('./pages/account/manage'), 'AccountPage');
const PaymentMethodsPage = lazyNamed(() => import('./pages/payment-methods/list'), 'PaymentMethodsPage');
const OnboardingPage = lazyNamed(() => import('./pages/creator/onboarding'), 'OnboardingPage');
const CreatorProfilePage = lazyNamed(() => import('./pages/creator/profile'), 'CreatorProfilePage');
const WithdrawalPage = lazyNamed(() => import('./pages/creator/withdrawal'), 'WithdrawalPage');
const NotFoundPage = lazyNamed(() => import('./pages/not-found'), 'NotFoundPage');

/**
 * Every route but sign-in, as one lazy chunk (app.tsx): the signed-in frame and the home are in it;
 * each other page is a chunk of its own and renders inside Refine (`DataShell`), which the home
 * does not load.
 */
export function SignedInRoutes() {
  return (
    <>
      <Routes>
        <Route
          element={
            <RequireSession>
              <AppLayout />
            </RequireSession>
          }
        >
          <Route element={<DataShell />}>
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
            {notificationRoutes}
          </Route>
        </Route>
        <Route element={<DataShell always />}>
          <Route path="register" element={<RegisterPage />} />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="confirm-email-change" element={<ConfirmEmailChangePage />} />
          <Route path="auth-error" element={<AuthErrorPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      <Notifications />
    </>
  );
}
