import { Suspense, lazy, useEffect, useState } from 'react';
import type { CallFailure } from '../../lib/call-failure';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { useLiveLogic } from '../common/live-logic';
import { useRoles, useUser } from '../common/session-context';
import { LoadFailure } from '../common/load-failure';
import { afterFrameShown } from '../common/after-paint';
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
  const kept = useLiveLogic('keptSettings')()?.company ?? null;
  const shortcuts = useLiveLogic('navLinks')(roles).filter((link) => link.path !== '/dashboard');
  // The first commit draws what needs no code to load: the welcome from the kept settings, the skeleton of the
  // figures. What does (the settings' logic and HTTP client, the figures) is asked for once that frame has been shown:
  // on a slow phone, evaluating it while the layout's first render ran held the page's largest text back, and an
  // effect alone often ran before the browser had shown the frame (docs/decisions/050).
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterFrameShown(() => setDrawn(true)), []);
  // What the settings' logic has read, once it is here: the heading stays the same element throughout, so the page's
  // largest text is painted once.
  const [read, setRead] = useState<SettingsRead>({ company: null, failure: null, retry: () => undefined });
  const company = read.company ?? kept;
  const figuresSkeleton = <div className="skeleton home-figures-skeleton" />;

  return (
    <div className="home-stack">
      <div className="home-welcome">
        {company ? (
          <h1 className="home-title">{t('home.welcome', { company })}</h1>
        ) : read.failure ? (
          <LoadFailure failure={read.failure} onRetry={read.retry} />
        ) : (
          <div className="skeleton home-title-skeleton" />
        )}
        {drawn && (
          <Suspense fallback={null}>
            <SettingsReader onRead={setRead} />
          </Suspense>
        )}
        <p className="home-muted">{t('home.greeting', { name: user?.name })}</p>
      </div>
      {drawn ? (
        <Suspense fallback={figuresSkeleton}>
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
      ) : (
        figuresSkeleton
      )}
    </div>
  );
}

interface SettingsRead {
  company: string | null;
  failure: CallFailure | null;
  retry: () => void;
}

/** Reads the settings with their load machine (the kept ones at once, docs/decisions/050) and hands up what it read. */
function SettingsReader({ onRead }: { onRead: (read: SettingsRead) => void }) {
  const settings = useActorRef(useLiveLogic('settings'), { input: {} });
  const company = useSelector(settings, (s) => (s.context.data as { company: string } | null)?.company ?? null);
  const failure = useSelector(settings, (s) => s.context.failure);
  useEffect(() => onRead({ company, failure, retry: () => settings.send({ type: 'load.retry' }) }), [company, failure, settings, onRead]);
  return null;
}
