import { Suspense, lazy } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useLiveLogic } from '../common/live-logic';
import { useRoles, useUser } from '../common/session-context';
import { LoadFailure } from '../common/load-failure';
import './home.css';

// The figures (and their strings, a namespace of their own) load after the welcome; the shortcuts come with them
// (drawn below them once they are there, so they are not pushed down, docs/decisions/038).
const HomeFigures = lazy(() => import('./home-figures').then((m) => ({ default: m.HomeFigures })));

/**
 * The signed-in home page: plain elements styled by home.css, without Chakra, so the dashboard's first load brings
 * none of it (docs/decisions/049).
 */
export default function HomeScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const roles = useRoles();
  const settings = useActorRef(useLiveLogic('settings'), { input: {} });
  const company = useSelector(settings, (s) => (s.context.data as { company: string } | null)?.company);
  const failure = useSelector(settings, (s) => s.context.failure);
  const shortcuts = useLiveLogic('navLinks')(roles).filter((link) => link.path !== '/dashboard');

  return (
    <div className="home-stack">
      <div className="home-welcome">
        {company ? (
          <h1 className="home-title">{t('home.welcome', { company })}</h1>
        ) : failure ? (
          <LoadFailure failure={failure} onRetry={() => settings.send({ type: 'load.retry' })} />
        ) : (
          <div className="skeleton home-title-skeleton" />
        )}
        <p className="home-muted">{t('home.greeting', { name: user?.name })}</p>
      </div>
      <Suspense fallback={<div className="skeleton home-figures-skeleton" />}>
        <HomeFigures
          after={
            <>
              <h2 className="home-heading">{t('home.shortcuts')}</h2>
              {shortcuts.length === 0 ? (
                <p className="home-muted">{t('home.noShortcuts')}</p>
              ) : (
                <ul className="home-shortcuts">
                  {shortcuts.map((link, i) => (
                    // Each shortcut fades in and rises 8 px, one after the other (home.css; not for who asks for
                    // reduced motion): framer-motion's 45 kB are not worth one entrance (docs/decisions/025).
                    <li key={link.path} className="home-shortcut" style={{ animationDelay: `${i * 30}ms` }}>
                      <Link href={`~${link.path}`} className="home-shortcut-link">
                        <div className="card home-shortcut-card">
                          <div className="card-body">
                            <p className="home-shortcut-label">{t(link.label)}</p>
                          </div>
                        </div>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </>
          }
        />
      </Suspense>
    </div>
  );
}
