import { Suspense, lazy } from 'react';
import { Box, Card, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useLiveLogic } from '../common/live-logic';
import { useRoles, useUser } from '../common/session-context';
import { LoadFailure } from '../common/load-failure';

// The figures (and their strings, a namespace of their own) load after the welcome; the shortcuts come with them
// (drawn below them once they are there, so they are not pushed down, docs/decisions/038).
const HomeFigures = lazy(() => import('./home-figures').then((m) => ({ default: m.HomeFigures })));

export default function HomeScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const roles = useRoles();
  const settings = useActorRef(useLiveLogic('settings'), { input: {} });
  const company = useSelector(settings, (s) => (s.context.data as { company: string } | null)?.company);
  const failure = useSelector(settings, (s) => s.context.failure);
  const shortcuts = useLiveLogic('navLinks')(roles).filter((link) => link.path !== '/dashboard');

  return (
    <Stack gap="6">
      <Stack gap="1">
        {company ? (
          <Heading as="h1" size="2xl">
            {t('home.welcome', { company })}
          </Heading>
        ) : failure ? (
          <LoadFailure failure={failure} onRetry={() => settings.send({ type: 'load.retry' })} />
        ) : (
          <Skeleton height="9" width="60%" />
        )}
        <Text color="fg.muted">{t('home.greeting', { name: user?.name })}</Text>
      </Stack>
      <Suspense fallback={<Skeleton height="24" />}>
        <HomeFigures
          after={
            <>
              <Heading as="h2" size="md">
                {t('home.shortcuts')}
              </Heading>
              {shortcuts.length === 0 ? (
                <Text color="fg.muted">{t('home.noShortcuts')}</Text>
              ) : (
                <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" as="ul" listStyleType="none">
                  {shortcuts.map((link, i) => (
                    // Each shortcut fades in and rises 8 px, one after the other: Chakra's keyframes in CSS (framer-motion's
                    // 45 kB are not worth one entrance on the dashboard's first load, docs/decisions/025).
                    <Box
                      as="li"
                      key={link.path}
                      animationName="fade-in, slide-from-bottom"
                      animationDuration="slow"
                      animationTimingFunction="ease-out"
                      animationFillMode="backwards"
                      animationDelay={`${i * 30}ms`}
                      _motionReduce={{ animation: 'none' }}
                    >
                      <Link href={`~${link.path}`}>
                        <Card.Root size="sm" _hover={{ borderColor: 'blue.solid' }} h="full">
                          <Card.Body>
                            <Text fontWeight="semibold">{t(link.label)}</Text>
                          </Card.Body>
                        </Card.Root>
                      </Link>
                    </Box>
                  ))}
                </SimpleGrid>
              )}
            </>
          }
        />
      </Suspense>
    </Stack>
  );
}
