import { Suspense, lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { SessionContext } from './session-context';
import { FullPageSpinner } from './full-page-spinner';

import LoginScreen from '../screens/auth/login-screen';
const OtpScreen = lazy(() => import('../screens/auth/otp-screen'));
const TermsPage = lazy(() => import('../screens/public/terms-page'));
const EcontractPage = lazy(() => import('../screens/public/econtract-page'));
const DashboardLayout = lazy(() => import('./layout/dashboard-layout'));
const BiScreen = lazy(() => import('../screens/public/bi-screen'));

type Phase = 'checking' | 'out' | 'otp' | 'in';

/** Which part of the app the session allows: everything else is a redirect (spec section 2). */
function usePhase(): Phase {
  return SessionContext.useSelector((s): Phase => {
    if (s.matches('restoring') || s.matches('loggingOut')) return 'checking';
    if (s.matches('loggedOut')) return 'out';
    if (s.matches({ authenticated: 'otp' })) return 'otp';
    return 'in';
  });
}

export function AppRoutes() {
  const { t } = useTranslation();
  const phase = usePhase();
  if (phase === 'checking') return <FullPageSpinner label={t('shell.loading')} />;
  return (
    <Suspense fallback={<FullPageSpinner label={t('shell.loading')} />}>
      <Switch>
        <Route path="/tnc" component={TermsPage} />
        <Route path="/econtract" component={EcontractPage} />
        {phase === 'out' && <Route path="/" component={LoginScreen} />}
        {phase === 'out' && <Redirect to="/" replace />}
        {phase === 'otp' && <Route path="/otp" component={OtpScreen} />}
        {phase === 'otp' && <Redirect to="/otp" replace />}
        <Route path="/bi">{() => <BiScreen view={false} />}</Route>
        <Route path="/bi/view">{() => <BiScreen view />}</Route>
        <Route path="/dashboard" nest component={DashboardLayout} />
        <Redirect to="/dashboard" replace />
      </Switch>
    </Suspense>
  );
}
