import { useMatches } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';

export interface ComingSoonHandle {
  title: string;
  description?: string;
}

/** A page whose area a later release fills; its title comes from the route's handle. */
export function Component() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as ComingSoonHandle | undefined)?.title)
    ?.handle as ComingSoonHandle | undefined;
  return <ComingSoon title={handle?.title ?? 'Coming soon'} description={handle?.description} />;
}
