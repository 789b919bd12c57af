import { useParams } from 'react-router';
import { adminPaths } from '~/features/admin/api/admin-api';
import { BookingRecord } from '~/features/admin/components/booking-record';
import { loadOperatorData } from '~/lib/page-data';
import type { Route } from './+types/admin-booking';

export const meta = () => [
  { title: 'Booking | Operator console | Wayfarer Tours' },
  {
    name: 'description',
    content: 'One booking, its details and its history, in the Wayfarer Tours operator console.',
  },
];

// With an operator's session cookie the server renders the booking and its history.
export const loader = ({ params, context }: Route.LoaderArgs) =>
  loadOperatorData(context, [adminPaths.booking(params.id), adminPaths.events(params.id)]);

export default function AdminBookingPage() {
  const { id = '' } = useParams();
  // Keyed: another booking starts with a fresh page state.
  return <BookingRecord key={id} bookingId={id} />;
}
