import { loadMachine } from '../machines/load.machine';
import { loadAnalysis, loadBiAuth } from '../services/analytics';
import BiScreen from '../screens/analytics/bi-screen';
import { ChakraRoot } from './chakra-root';

/** /bi and /bi/view stand outside the dashboard layout (spec section 2): their processes are wired here. */
const logic = {
  auth: loadMachine.provide({ actors: { load: loadBiAuth } }),
  analysis: loadMachine.provide({ actors: { load: loadAnalysis } }),
};

export default function BiRoute({ view }: { view: boolean }) {
  return (
    <ChakraRoot>
      <BiScreen view={view} logic={logic} />
    </ChakraRoot>
  );
}
