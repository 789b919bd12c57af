import { bookingStatusLabels, type BookingStatus } from '~/contracts/booking';

// Colour is never the only cue: the label is always written out.
export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <span className="status-badge" data-status={status}>
      <span className="sr-only">Status: </span>
      {bookingStatusLabels[status]}
    </span>
  );
}
