import { loadMachine } from '../machines/load.machine';
import { fetchContract } from '../services/first-deposit-public';
import EcontractPage from '../screens/public/econtract-page';
import { ChakraRoot } from './chakra-root';

/** A public page, outside the registry (which loads with the dashboard): its one process is wired here. */
const liveContract = loadMachine.provide({ actors: { load: fetchContract } });

/** The contract page draws with Chakra (Alert, DataList, Link) inside the plain frame of the pages before login. */
export default function EcontractRoute() {
  return (
    <ChakraRoot>
      <EcontractPage contract={liveContract} />
    </ChakraRoot>
  );
}
