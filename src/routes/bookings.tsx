import { BookingsList } from '~/features/booking/components/bookings-list';

export const meta = () => [{ title: 'My bookings | Wayfarer Tours' }, { name: 'robots', content: 'noindex' }];

export default function BookingsPage() {
  return (
    <section className="section container container--narrow bookings-page">
      <h1>My bookings</h1>
      <BookingsList />
    </section>
  );
}
