import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { dashboardSystem } from './dashboard-system';

/**
 * Chakra, for the pages that draw with it: the dashboard, the analytics pages and the e-contract each start under
 * this provider and bring it, with Chakra's runtime and theme, in their own chunks. The pages before login do not
 * use Chakra (docs/decisions/033): its runtime is not on the login route's first load.
 */
export function ChakraRoot({ children }: { children: ReactNode }) {
  return <ChakraProvider value={dashboardSystem}>{children}</ChakraProvider>;
}
