import type { LiveLogic } from '../../screens/common/live-logic';
import { liveFirstDeposit, newWizardInput, wizardStore } from '../../services/first-deposit';
import { liveScannerCapture } from '../../services/device-bridge';

/** The deposit wizard, and the scanner check its identity step (and the demo top bar) runs. */
export const firstDeposit: LiveLogic['firstDeposit'] = {
  logic: liveFirstDeposit,
  newInput: (bridgeUrl) => newWizardInput(bridgeUrl),
  store: wizardStore,
};
export const scannerCapture = liveScannerCapture;
