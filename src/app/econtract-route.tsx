import { loadMachine } from '../machines/load.machine';
import { fetchContract } from '../services/first-deposit-public';
import EcontractPage from '../screens/public/econtract-page';
import { installDashboardSystem } from './dashboard-system';

// The contract page draws with more Chakra recipes than the login page (Alert, DataList): install them as it loads.
installDashboardSystem();

/** A public page, outside the registry (which loads with the dashboard): its one process is wired here. */
const liveContract = loadMachine.provide({ actors: { load: fetchContract } });

export default function EcontractRoute() {
  return <EcontractPage contract={liveContract} />;
}
