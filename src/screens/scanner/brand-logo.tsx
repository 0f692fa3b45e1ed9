import { Suspense, lazy, useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { z } from 'zod';
import type { settingsResponse } from '../../contract/auth';
import { useLiveLogic } from '../common/live-logic';

const ScannerCheckDialog = lazy(() => import('./scanner-check-dialog'));

/**
 * The name in the top bar. In demo mode a click on it opens the scanner check (the spec's debug behaviour); the
 * settings are asked for on the click, so the top bar makes no call of its own.
 */
export function BrandLogo() {
  const [clicks, setClicks] = useState(0);
  return (
    <Box flex="1" minW="0">
      <Text
        as="span"
        display="inline-block"
        maxW="full"
        fontWeight="bold"
        truncate
        onClick={() => setClicks((n) => n + 1)}
        data-testid="brand-logo"
      >
        Simu Portal
      </Text>
      {clicks > 0 && (
        // The settings' live logic may still be loading (it comes with the screens that use it, decision 034).
        <Suspense fallback={null}>
          <DemoScannerCheck key={clicks} onClose={() => setClicks(0)} />
        </Suspense>
      )}
    </Box>
  );
}

function DemoScannerCheck({ onClose }: { onClose: () => void }) {
  const settings = useActorRef(useLiveLogic('settings'), { input: {} });
  const loaded = useSelector(settings, (s) => s.context.data as z.infer<typeof settingsResponse> | null);
  if (!loaded?.demo) return null;
  return (
    <Suspense fallback={null}>
      <ScannerCheckDialog open onClose={onClose} bridgeUrl={loaded.device_bridge_url} />
    </Suspense>
  );
}
