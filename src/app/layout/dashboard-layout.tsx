import { Suspense, lazy, startTransition, useEffect, useState, useSyncExternalStore, type SyntheticEvent } from 'react';
import { Redirect, Route, Switch, matchRoute, useLocation, useRouter } from 'wouter';
import { useTranslation } from 'react-i18next';
import { SessionContext, useRoles } from '../../screens/common/session-context';
import { registeredRoutes, routeAt } from '../routes';
import { useWideScreen } from '../use-wide-screen';
import { MenuIcon } from '../icons';
import { LoadFailure } from '../../screens/common/load-failure';
import { SideNav } from './side-nav';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { SkipLink } from './skip-link';
import { toasterWanted } from '../notices';
import { ChunkErrorBoundary } from '../chunk-error-boundary';
import { useChunksSettled } from '../chunk-load';
import { registerLiveActor } from '../../screens/common/live-actors';
import { LIVE_LOGIC, WithLiveLogic } from '../live-logic';
import { BrandLogo } from '../../screens/scanner/brand-logo';
import { LoadingSpinner } from '../../screens/common/loading-spinner';
import { LazyChakraRoot } from '../lazy-chakra-root';
import './layout.css';

// Loaded when the first notice asks for it, not with the layout (docs/decisions/034).
const Toaster = lazy(() => import('../toaster'));
// The small screens' drawer, loaded when first opened.
const MobileNav = lazy(() => import('./mobile-nav'));

/** False in the layout's first commit, then true: the update after it is a transition, drawn in slices. */
function useLayoutDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}

function Content() {
  const { t } = useTranslation();
  const roles = useRoles();
  const [location] = useLocation();
  const { parser } = useRouter();
  const session = SessionContext.useActorRef();
  const ready = SessionContext.useSelector((s) => s.matches({ authenticated: 'ready' }));
  const failure = SessionContext.useSelector((s) => (s.matches({ authenticated: 'rolesFailed' }) ? s.context.failure : null));
  const loading = (
    <div className="layout-loading">
      <LoadingSpinner size="lg" label={t('shell.loading')} />
    </div>
  );
  const routes = registeredRoutes(ready ? roles : []);
  // The route the Switch draws, found the way it finds it.
  const here = routes.find(({ path }) => matchRoute(parser, `/${path}`, location)[0]);
  // A screen of its own chunk, and Chakra's provider for one drawn with it, are waited for with the layout's own
  // spinner, not a Suspense fallback: React holds back what replaces a fallback until 300 ms after it showed, which
  // on the deposit wizard's first load was 300 ms of an idle page before its first view (docs/decisions/067).
  const chunks = here && !here.screen.eager ? [here.screen, ...(here.plain ? [] : [LazyChakraRoot])] : [];
  const settled = useChunksSettled(chunks);
  // Such a screen is drawn after the layout's first commit, in a commit of its own: in one, the two were one long
  // task on a slow phone (decision 050). The home page comes with the layout and draws in its first commit.
  const layoutDrawn = useLayoutDrawn();
  if (failure) {
    return <LoadFailure failure={failure} title={t('shell.rolesFailed')} onRetry={() => session.send({ type: 'roles.retry' })} />;
  }
  if (!ready || !settled || (chunks.length > 0 && !layoutDrawn)) return loading;
  // A screen whose code did not load says so and offers to reload, inside the layout: the session, the navigation
  // and the top bar stay; another screen of the navigation tries its own chunk afresh.
  const screens = (
    <ChunkErrorBoundary key={location}>
      <Suspense fallback={loading}>
        <Switch>
          {routes.map(({ path, screen: Screen, props, live, logicAfterDraw }) => (
            <Route key={path} path={`/${path}`}>
              {(params) => {
                // The screen's live logic is fetched beside its chunk, not after it (each name once). A screen that
                // comes with the layout asks for its own once it is drawn (the home page, docs/decisions/050), as does
                // one that draws its first view without it (the deposit wizard, docs/decisions/051).
                if (!Screen.eager && !logicAfterDraw) void LIVE_LOGIC.preload(live).catch(() => undefined);
                // `chakra`: Chakra's provider, for the parts a plain screen draws with it (the wizard's later steps,
                // docs/decisions/051); the other screens are drawn under it already.
                return <Screen {...props} params={params} chakra={LazyChakraRoot} />;
              }}
            </Route>
          ))}
          <Redirect to="~/dashboard" replace />
        </Switch>
      </Suspense>
    </ChunkErrorBoundary>
  );
  // The home page (and a redirect) draw without Chakra; every other screen draws under Chakra's provider, loaded
  // with the first of them and kept from one such screen to the next (docs/decisions/049).
  if (!here || here.plain) return screens;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={loading}>
        <LazyChakraRoot>{screens}</LazyChakraRoot>
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * A link into a screen drawn with Chakra, under the pointer or the focus: Chakra starts loading before the click
 * (nothing loads it on the home page until then, docs/decisions/049). Asked once; the screen's own chunk waits for
 * the click, so tabbing through the navigation does not fetch every screen.
 */
function prefetchChakra(event: SyntheticEvent) {
  const href = (event.target as Element).closest?.('a[href^="/dashboard"]')?.getAttribute('href');
  if (!href) return;
  const route = routeAt(href.split(/[?#]/)[0]!);
  if (route && !route.plain) void LazyChakraRoot.preload().catch(() => undefined);
}

const MAIN_ID = 'main-content';

/**
 * Top bar, side navigation (persistent on desktop, temporary on small screens) and the routed screen: plain elements
 * styled by layout.css, so the home page loads no Chakra (docs/decisions/049).
 */
export default function DashboardLayout() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  // The process explorer shows where the user's own session is now.
  useEffect(() => registerLiveActor('session', session), [session]);
  const wide = useWideScreen();
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileUsed, setMobileUsed] = useState(false);
  const toasts = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  const toggle = () => {
    if (wide) return setDesktopOpen((open) => !open);
    setMobileUsed(true);
    setMobileOpen((open) => !open);
  };

  return (
    <WithLiveLogic>
      <Suspense fallback={null}>
        <SkipLink target={MAIN_ID} />
      </Suspense>
      <div className="layout" onPointerOver={prefetchChakra} onFocus={prefetchChakra}>
        {toasts && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
        {wide && desktopOpen && (
          <aside className="layout-aside">
            <SideNav onNavigate={() => undefined} />
          </aside>
        )}
        {!wide && mobileUsed && (
          <Suspense fallback={null}>
            <MobileNav open={mobileOpen} onOpenChange={setMobileOpen} />
          </Suspense>
        )}
        <div className="layout-column">
          <header className="top-bar">
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              aria-label={t('shell.toggleNavigation')}
              aria-expanded={wide ? desktopOpen : mobileOpen}
              onClick={toggle}
            >
              <MenuIcon />
            </button>
            <BrandLogo chakra={LazyChakraRoot} />
            <LanguageMenu />
            <ThemeToggle />
            <UserMenu />
          </header>
          <main id={MAIN_ID} tabIndex={-1} className="layout-main">
            <Content />
          </main>
        </div>
      </div>
    </WithLiveLogic>
  );
}
