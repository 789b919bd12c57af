import { cataloguePaths } from '~/features/admin/api/catalogue-api';
import { PackagesConsole } from '~/features/admin/components/packages-console';
import { loadOperatorData } from '~/lib/page-data';
import type { Route } from './+types/admin-packages';

export const meta = () => [
  { title: 'Packages | Operator console | Wayfarer Tours' },
  { name: 'description', content: 'The Wayfarer Tours catalogue: packages, their order and their status.' },
];

// With an operator's session cookie the server renders the list.
export const loader = ({ context }: Route.LoaderArgs) => loadOperatorData(context, [cataloguePaths.packages]);

export default function AdminPackagesPage() {
  return <PackagesConsole />;
}
