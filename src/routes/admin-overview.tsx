import { redirect } from 'react-router';
import { adminPaths } from '~/features/admin/api/admin-api';
import { OverviewConsole } from '~/features/admin/components/overview-console';
import { paths } from '~/config/paths';
import { loadOperatorData } from '~/lib/page-data';
import type { Route } from './+types/admin-overview';

export const meta = () => [
  { title: 'Overview | Operator console | Wayfarer Tours' },
  {
    name: 'description',
    content:
      'The season at a glance: seats per departure, bookings per week, waiting lists and dates at risk.',
  },
];

// The bookings list's filters, which /admin answered before it opened on the overview: links
// with them (emails sent before, bookmarks) still open that list.
const bookingFilters = ['q', 'status', 'packageId', 'departureId', 'cursor'];

// With an operator's session cookie the server renders the overview with its figures.
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  if (bookingFilters.some((key) => url.searchParams.has(key))) {
    throw redirect(`${paths.adminBookings}${url.search}`);
  }
  return loadOperatorData(context, [adminPaths.overview]);
};

export default function AdminOverviewPage() {
  return <OverviewConsole />;
}
