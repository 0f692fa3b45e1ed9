import { Suspense, lazy, useState, type ComponentType, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { z } from 'zod';
import type { settingsResponse } from '../../contract/settings';
import { useLiveLogic } from '../common/live-logic';

const ScannerCheckDialog = lazy(() => import('./scanner-check-dialog'));

/**
 * The name in the top bar, plain (the layout's stylesheet draws it, decision 049). In demo mode a click on it opens
 * the scanner check (the spec's debug behaviour); the settings are asked for on the click, so the top bar makes no
 * call of its own. The check is a Chakra dialog: it opens under `chakra`, the provider the layout loads on first use.
 */
export function BrandLogo({ chakra }: { chakra: ComponentType<{ children: ReactNode }> }) {
  const [clicks, setClicks] = useState(0);
  return (
    <div className="top-bar-brand">
      <span className="top-bar-brand-name" onClick={() => setClicks((n) => n + 1)} data-testid="brand-logo">
        Simu Portal
      </span>
      {clicks > 0 && (
        // The settings' live logic may still be loading (it comes with the screens that use it, decision 034).
        <Suspense fallback={null}>
          <DemoScannerCheck key={clicks} chakra={chakra} onClose={() => setClicks(0)} />
        </Suspense>
      )}
    </div>
  );
}

function DemoScannerCheck({ chakra: Chakra, onClose }: { chakra: ComponentType<{ children: ReactNode }>; onClose: () => void }) {
  const settings = useActorRef(useLiveLogic('settings'), { input: {} });
  const loaded = useSelector(settings, (s) => s.context.data as z.infer<typeof settingsResponse> | null);
  if (!loaded?.demo) return null;
  return (
    <Suspense fallback={null}>
      <Chakra>
        <ScannerCheckDialog open onClose={onClose} bridgeUrl={loaded.device_bridge_url} />
      </Chakra>
    </Suspense>
  );
}
