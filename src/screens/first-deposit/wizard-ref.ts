import type { ComponentType, ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { firstDepositMachine } from '../../machines/first-deposit.machine';

/** The running deposit wizard, as the container screen hands it to each step. */
export type FirstDepositRef = ActorRefFrom<typeof firstDepositMachine>;

/**
 * Chakra's provider, as the registry hands it to the wizard (the app's LazyChakraRoot): loaded when first drawn, and
 * asked for early with `preload`. The first step draws without it (docs/decisions/051).
 */
export type WizardChakra = ComponentType<{ children: ReactNode }> & { preload?: () => Promise<unknown> };
