import { BookingsConsole } from '~/features/admin/components/bookings-console';

export const meta = () => [
  { title: 'Bookings | Operator console | Wayfarer Tours' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminBookingsPage() {
  return <BookingsConsole />;
}
