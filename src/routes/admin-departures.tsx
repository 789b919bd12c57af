import { adminPaths } from '~/features/admin/api/admin-api';
import { packageOptionsOf, packagesPath } from '~/features/admin/api/packages-api';
import { DeparturesConsole } from '~/features/admin/components/departures-console';
import { loadOperatorData } from '~/lib/page-data';
import type { Route } from './+types/admin-departures';

export const meta = () => [
  { title: 'Departures | Operator console | Wayfarer Tours' },
  { name: 'description', content: 'Departure dates, capacity and closing for each Wayfarer Tours package.' },
];

// With an operator's session cookie the server renders the schedule of the package in the URL,
// or of the first package, which the console chooses without one.
export const loader = async ({ request, context }: Route.LoaderArgs) => {
  const requested = new URL(request.url).searchParams.get('packageId');
  const page = await loadOperatorData(context, [
    packagesPath,
    requested ? adminPaths.departures(requested) : null,
  ]);
  const list = page.api[packagesPath];
  const first = requested || list === undefined ? undefined : packageOptionsOf(list)[0]?.id;
  if (!first) return page;
  const more = await loadOperatorData(context, [adminPaths.departures(first)]);
  return { ...page, api: { ...page.api, ...more.api } };
};

export default function AdminDeparturesPage() {
  return <DeparturesConsole />;
}
