import { NewBookingForm } from '~/features/admin/components/new-booking-form';

export const meta = () => [
  { title: 'New booking | Operator console | Wayfarer Tours' },
  { name: 'description', content: 'A booking taken by phone or at the desk.' },
];

export default function AdminNewBookingPage() {
  return <NewBookingForm />;
}
