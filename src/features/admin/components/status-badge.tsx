import { bookingStatusLabels, type BookingStatus } from '~/contracts/booking';

export function StatusBadge({ status }: { status: BookingStatus }) {
  return <span className={`admin-status admin-status--${status}`}>{bookingStatusLabels[status]}</span>;
}
