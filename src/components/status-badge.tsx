import { bookingStatusLabels, type BookingStatus } from '#contracts/booking';
import type { DepartureStatus } from '#contracts/departure';
import { useT } from '~/lib/i18n';

// A booking's status (requested, confirmed, cancelled) or a departure's (open, closed, or past,
// once its date has gone). Colour is never the only cue: the word is always written out.
export type BadgeStatus = BookingStatus | DepartureStatus | 'past';

const labels: Record<BadgeStatus, string> = {
  ...bookingStatusLabels,
  open: 'Open',
  closed: 'Closed',
  past: 'Departed',
};

type StatusBadgeProps = {
  status: BadgeStatus;
  // Read before the word where nothing around says what it is ("Status: Confirmed"); table
  // cells under a Status header leave it out.
  prefix?: string;
};

// A booking's word in the page's language (the console's pages are English).
export function StatusBadge({ status, prefix }: StatusBadgeProps) {
  const { known } = useT();
  return (
    <span className="status-badge" data-status={status}>
      {prefix ? <span className="sr-only">{prefix} </span> : null}
      {known(labels[status])}
    </span>
  );
}
