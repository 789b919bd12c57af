import { decideByProblem } from '#contracts/departure-risk';
import { formatTripDate } from '#contracts/format';
import type { AdminDeparture } from '#contracts/api';
import {
  InlineFieldEditor,
  type DepartureEditorProps,
  type InlineFieldSettings,
} from '~/features/admin/components/inline-editor';

export type DepartureField = 'capacity' | 'price' | 'decideBy';

// A whole number, selected when the editor opens to be typed over.
const wholeNumber = (
  min?: number,
  placeholder?: string,
): Pick<InlineFieldSettings, 'input' | 'selectOnOpen'> => ({
  input: { type: 'number', inputMode: 'numeric', step: 1, min, placeholder },
  selectOnOpen: true,
});

// What each field is, for one departure: its label, the value it opens with, and what to send for
// what was typed.
const fields: Record<DepartureField, (departure: AdminDeparture) => InlineFieldSettings> = {
  // Below the seats already taken the server answers 409; its message shows beside the field and
  // the number typed stays.
  capacity: (departure) => ({
    className: 'admin-capacity',
    label: `Capacity of ${formatTripDate(departure.startsOn)}`,
    initial: String(departure.capacity),
    change: (value) => {
      if (value.trim() === '') return 'Enter the number of seats.';
      const capacity = Number(value);
      return capacity === departure.capacity ? null : { capacity };
    },
    fallbackError: 'The capacity could not be changed.',
    ...wholeNumber(),
  }),
  // The departure's own price: empty sells it at the package's price. Bookings already made keep
  // the price they were made at (the server's rule); only new ones take this.
  price: (departure) => ({
    ...wholeNumber(1, "Package's"),
    className: 'admin-capacity admin-price',
    label: `Price per person on ${formatTripDate(departure.startsOn)} (US$, empty for the package's price)`,
    initial: departure.ownPrice === null ? '' : String(departure.ownPrice),
    fallbackError: 'The price could not be changed.',
    change: (value) => {
      const price = value.trim() === '' ? null : Number(value);
      return price === departure.ownPrice ? null : { price };
    },
  }),
  // The go/no-go date: a real date, not after the departure (the server's rule too; its message
  // shows beside the field and the date typed stays).
  decideBy: (departure) => ({
    className: 'admin-capacity admin-decide-by',
    input: { type: 'date', max: departure.startsOn },
    label: `Decide by, for ${formatTripDate(departure.startsOn)}`,
    initial: departure.decideBy,
    change: (value) =>
      decideByProblem(value, departure.startsOn) ??
      (value === departure.decideBy ? null : { decideBy: value }),
    fallbackError: 'The decision date could not be changed.',
  }),
};

// One field of a departure (its capacity, its price, its go/no-go date), edited in its row.
export function DepartureFieldEditor({ field, ...props }: DepartureEditorProps & { field: DepartureField }) {
  return <InlineFieldEditor {...props} name={field} {...fields[field](props.departure)} />;
}
