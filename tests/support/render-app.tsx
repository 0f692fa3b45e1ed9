import { render } from '@testing-library/react';
import type { AnyActorLogic } from 'xstate';
import { i18n, i18nReady } from '../../src/i18n';
import { Root } from '../../src/app/root';

/** The whole app at a path, as main.tsx mounts it, with the session machine's actors replaced when given. */
export async function renderApp(path: string, session?: AnyActorLogic) {
  await i18nReady;
  await i18n.changeLanguage('en');
  window.history.replaceState(null, '', path);
  return render(<Root session={session as never} />);
}
