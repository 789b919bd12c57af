import { useParams } from 'react-router';
import { BookingRecord } from '~/features/admin/components/booking-record';

export const meta = () => [
  { title: 'Booking | Operator console | Wayfarer Tours' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminBookingPage() {
  const { id = '' } = useParams();
  // Keyed: another booking starts with a fresh page state.
  return <BookingRecord key={id} bookingId={id} />;
}
