import type { ActorRefFrom } from 'xstate';
import type { firstDepositMachine } from '../../machines/first-deposit.machine';

/** The running deposit wizard, as the container screen hands it to each step. */
export type FirstDepositRef = ActorRefFrom<typeof firstDepositMachine>;
