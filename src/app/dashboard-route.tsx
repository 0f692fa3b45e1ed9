import { ChakraRoot } from './chakra-root';
import DashboardLayout from './layout/dashboard-layout';

/** The signed-in portal: its layout and screens draw with Chakra, which loads with this chunk (docs/decisions/033). */
export default function DashboardRoute() {
  return (
    <ChakraRoot>
      <DashboardLayout />
    </ChakraRoot>
  );
}
