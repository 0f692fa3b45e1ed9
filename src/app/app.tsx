import { Suspense, useDeferredValue, useLayoutEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { SessionContext } from '../screens/common/session-context';
import { FullPageSpinner } from './full-page-spinner';
import { lazyChunk, useChunksSettled } from './chunk-load';
import { ChunkErrorBoundary } from './chunk-error-boundary';
import { startEarlyScreen } from './early-screens';
import { LAYOUT_STRINGS } from './first-strings';
import { dropFirstView } from './first-view';

import LoginScreen from '../screens/auth/login-screen';
const OtpScreen = lazyChunk(() => import('../screens/auth/otp-screen'));
const PasswordScreen = lazyChunk(() => import('../screens/auth/password-screen'));
const TermsPage = lazyChunk(() => import('../screens/public/terms-page'));
const EcontractPage = lazyChunk(() => import('./econtract-route'));
// The opened screen starts loading with the dashboard's code, while the session loads the roles (decision 038). The
// layout is drawn with its skip link's strings (the admin namespace, fetched beside it): now that a screen can be
// drawn before they would otherwise arrive, the first Tab stop would else be the navigation.
// A screen whose first view is the page's largest paint starts beside it (early-screens.ts, decision 056).
const DashboardLayout = lazyChunk(() => {
  const strings = i18n.loadNamespaces([...LAYOUT_STRINGS]);
  startEarlyScreen(window.location.pathname);
  return import('./dashboard-route').then((route) => {
    route.startScreen(window.location.pathname);
    return strings.then(() => route);
  });
});
const BiScreen = lazyChunk(() => import('./bi-route'));

/**
 * Starts the dashboard's code before React's first render of the app: the app's entry does, on the home page with a
 * session the portal would let in (docs/decisions/050). Drawing the route then takes this load.
 */
export const preloadDashboard = () => void DashboardLayout.preload().catch(() => undefined);

/** A page of the dashboard: the home page or a screen under it. */
export const isDashboardPage = (pathname: string) => /^\/dashboard(\/|$)/.test(pathname);

type Phase = 'checking' | 'out' | 'otp' | 'password' | 'in';

/** Which part of the app the session allows: everything else is a redirect (spec section 2). */
function usePhase(): Phase {
  return SessionContext.useSelector((s): Phase => {
    if (s.matches('restoring') || s.matches('loggingOut')) return 'checking';
    if (s.matches('loggedOut')) return 'out';
    if (s.matches({ authenticated: 'otp' })) return 'otp';
    if (s.matches({ authenticated: 'password' })) return 'password';
    return 'in';
  });
}

export function AppRoutes() {
  const { t } = useTranslation();
  // The session's changes arrive through its actor's store, which React draws at once and in one piece. Once the
  // session check on opening the portal lets the user in, the whole signed-in app would be drawn so, in one long
  // task (66 ms observed, 264 ms of blocking at Lighthouse's 4x CPU). That one change is drawn as a deferred value
  // instead, in slices a phone can answer between, with the spinner kept until it is done. Every other change of
  // phase (a login, a logout, an expired session) is drawn at once, as before.
  const current = usePhase();
  const deferred = useDeferredValue(current);
  const phase: Phase = current === 'in' && deferred === 'checking' ? 'checking' : current;
  const [location] = useLocation();
  // Signed in on a page of the dashboard, the spinner stays until the dashboard's code is here (decisions 050 and
  // 067): drawn as a Suspense fallback, it held the layout back until 300 ms after it showed.
  const dashboardHere = useChunksSettled(phase === 'in' && isDashboardPage(location) ? [DashboardLayout] : []);
  const waiting = phase === 'checking' || !dashboardHere;
  // The page's first view (the home page's, drawn from its HTML, docs/decisions/101) stands in for the spinner, and
  // goes in the commit that draws anything else: on the home page, the layout with the same welcome. A session kept
  // without its roles loads them first; meanwhile the layout draws its own spinner (hidden), and the first view stays
  // until the home page or the roles' failure is drawn.
  const rolesLoading = SessionContext.useSelector((s) => s.matches({ authenticated: 'loadingRoles' }));
  useLayoutEffect(() => {
    if (!waiting && !rolesLoading) dropFirstView();
  }, [waiting, rolesLoading]);
  if (waiting) return <FullPageSpinner label={t('shell.loading')} />;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<FullPageSpinner label={t('shell.loading')} />}>
        <Switch>
          <Route path="/tnc" component={TermsPage} />
          <Route path="/econtract" component={EcontractPage} />
          {phase === 'out' && <Route path="/" component={LoginScreen} />}
          {phase === 'out' && <Redirect to="/" replace />}
          {phase === 'otp' && <Route path="/otp" component={OtpScreen} />}
          {phase === 'otp' && <Redirect to="/otp" replace />}
          {phase === 'password' && <Route path="/password" component={PasswordScreen} />}
          {phase === 'password' && <Redirect to="/password" replace />}
          <Route path="/bi">{() => <BiScreen view={false} />}</Route>
          <Route path="/bi/view">{() => <BiScreen view />}</Route>
          <Route path="/dashboard" nest component={DashboardLayout} />
          <Redirect to="/dashboard" replace />
        </Switch>
      </Suspense>
    </ChunkErrorBoundary>
  );
}
