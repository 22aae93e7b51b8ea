import { BusinessAccountPage } from '../business-account';

export function Component() {
  return <BusinessAccountPage kind="merchant" />;
}
