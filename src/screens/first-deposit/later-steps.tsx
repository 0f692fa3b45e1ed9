/**
 * The wizard's steps after the first, and its leave dialog: one chunk, fetched once the first step is drawn, so the
 * page's first paint waits only for the customer search (docs/decisions/038).
 */
export { PhoneStep } from './phone-step';
export { ConfirmStep } from './confirm-step';
export { DepositStep } from './deposit-step';
export { OtpStep } from './otp-step';
export { IdentityStep } from './identity-step';
export { ContractStep } from './contract-step';
export { LockStep } from './lock-step';
export { DoneStep } from './done-step';
export { ConfirmDialog } from '../common/confirm-dialog';
