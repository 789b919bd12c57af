import { adminPaths } from '~/features/admin/api/admin-api';
import { BookingsConsole } from '~/features/admin/components/bookings-console';
import { filtersFromQuery, toApiFilters } from '~/features/admin/utils/booking-filters';
import { loadOperatorData } from '~/lib/page-data';
import type { Route } from './+types/admin-bookings';

export const meta = () => [
  { title: 'Bookings | Operator console | Wayfarer Tours' },
  {
    name: 'description',
    content: 'Every Wayfarer Tours booking, to confirm or cancel, in the operator console.',
  },
];

// With an operator's session cookie the server renders the first page of the list.
export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadOperatorData(context, [
    adminPaths.bookings(toApiFilters(filtersFromQuery(new URL(request.url).searchParams))),
  ]);

export default function AdminBookingsPage() {
  return <BookingsConsole />;
}
