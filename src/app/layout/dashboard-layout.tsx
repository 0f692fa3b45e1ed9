import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from 'react';
import { Box, Center, CloseButton, Flex, HStack, IconButton } from '@chakra-ui/react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { SessionContext, useRoles } from '../../screens/common/session-context';
import { registeredRoutes } from '../routes';
import { useWideScreen } from '../use-wide-screen';
import { MenuIcon } from '../icons';
import { LoadFailure } from '../../screens/common/load-failure';
import { DRAWER_WIDTH, SideNav } from './side-nav';
import { LanguageMenu } from './language-menu';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { SkipLink } from './skip-link';
import { toasterWanted } from '../notices';
import { ChunkErrorBoundary } from '../chunk-error-boundary';
import { registerLiveActor } from '../../screens/common/live-actors';
import { LIVE_LOGIC, WithLiveLogic } from '../live-logic';
import { BrandLogo } from '../../screens/scanner/brand-logo';
import { LoadingSpinner } from '../../screens/common/loading-spinner';

// Loaded when the first notice asks for it, not with the layout (docs/decisions/034).
const Toaster = lazy(() => import('../toaster'));
// The small screens' drawer, loaded when first opened.
const MobileNav = lazy(() => import('./mobile-nav'));

function Content() {
  const { t } = useTranslation();
  const roles = useRoles();
  const [location] = useLocation();
  const session = SessionContext.useActorRef();
  const ready = SessionContext.useSelector((s) => s.matches({ authenticated: 'ready' }));
  const failure = SessionContext.useSelector((s) => (s.matches({ authenticated: 'rolesFailed' }) ? s.context.failure : null));
  const loading = (
    <Center py="20">
      <LoadingSpinner size="lg" label={t('shell.loading')} />
    </Center>
  );
  if (failure) {
    return <LoadFailure failure={failure} title={t('shell.rolesFailed')} onRetry={() => session.send({ type: 'roles.retry' })} />;
  }
  if (!ready) return loading;
  // A screen whose code did not load says so and offers to reload, inside the layout: the session, the navigation
  // and the top bar stay; another screen of the navigation tries its own chunk afresh.
  return (
    <ChunkErrorBoundary key={location}>
      <Suspense fallback={loading}>
        <Switch>
          {registeredRoutes(roles).map(({ path, screen: Screen, props, live }) => (
            <Route key={path} path={`/${path}`}>
              {(params) => {
                // The screen's live logic is fetched beside its chunk, not after it (each name once).
                void LIVE_LOGIC.preload(live).catch(() => undefined);
                return <Screen {...props} params={params} />;
              }}
            </Route>
          ))}
          <Redirect to="~/dashboard" replace />
        </Switch>
      </Suspense>
    </ChunkErrorBoundary>
  );
}

const MAIN_ID = 'main-content';

/** Top bar, side navigation (persistent on desktop, temporary on small screens) and the routed screen. */
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
      <Flex minH="100dvh">
        {toasts && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
        {wide && desktopOpen && (
          <Box as="aside" w={`${DRAWER_WIDTH}px`} flexShrink={0} borderRightWidth="1px" bg="bg" position="sticky" top="0" h="100dvh">
            <SideNav onNavigate={() => undefined} />
          </Box>
        )}
        {!wide && mobileUsed && (
          <Suspense fallback={null}>
            <MobileNav
              open={mobileOpen}
              onOpenChange={setMobileOpen}
              closeButton={<CloseButton size="sm" aria-label={t('common.close')} />}
            />
          </Suspense>
        )}
        <Flex direction="column" flex="1" minW="0">
          <HStack
            as="header"
            h={{ base: '56px', md: '64px' }}
            px={{ base: 2, md: 4 }}
            gap="2"
            borderBottomWidth="1px"
            bg="bg"
            position="sticky"
            top="0"
            zIndex="sticky"
          >
            <IconButton
              variant="ghost"
              aria-label={t('shell.toggleNavigation')}
              aria-expanded={wide ? desktopOpen : mobileOpen}
              onClick={toggle}
            >
              <MenuIcon />
            </IconButton>
            <BrandLogo />
            <LanguageMenu />
            <ThemeToggle />
            <UserMenu />
          </HStack>
          <Box as="main" id={MAIN_ID} tabIndex={-1} outline="none" flex="1" p={{ base: 3, md: 6 }}>
            <Content />
          </Box>
        </Flex>
      </Flex>
    </WithLiveLogic>
  );
}
