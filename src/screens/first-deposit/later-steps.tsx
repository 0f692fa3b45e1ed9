/**
 * The wizard's steps after the first, its leave dialog and a deposit in progress found by the search: one chunk, drawn
 * with Chakra under its provider (docs/decisions/038, 051). The first step draws without either; this chunk is fetched
 * once the agent starts typing a search, or at once when a resumed wizard opens on a later step.
 */
export { PhoneStep } from './phone-step';
export { ConfirmStep } from './confirm-step';
export { DepositStep } from './deposit-step';
export { OtpStep } from './otp-step';
export { IdentityStep } from './identity-step';
export { ContractStep } from './contract-step';
export { LockStep } from './lock-step';
export { DoneStep } from './done-step';
export { HeldDeposit } from './held-deposit';
export { ConfirmDialog } from '../common/confirm-dialog';
