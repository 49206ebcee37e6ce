import { CustomerSimulator } from '../features/simulator/components/CustomerSimulator';

// Issue 3: write in as a customer of a sandbox channel.
export function SimulatorPage() {
  return <CustomerSimulator />;
}
