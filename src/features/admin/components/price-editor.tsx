import { formatTripDate } from '#contracts/format';
import { InlineNumberEditor, type DepartureEditorProps } from '~/features/admin/components/inline-editor';

// One departure's own price, edited in its row: empty sells it at the package's price. Bookings
// already made keep the price they were made at (the server's rule); only new ones take this.
export function PriceEditor({ departure, onSaved, onDone }: DepartureEditorProps) {
  return (
    <InlineNumberEditor
      departure={departure}
      className="admin-capacity admin-price"
      name="price"
      label={`Price per person on ${formatTripDate(departure.startsOn)} (US$, empty for the package's price)`}
      initial={departure.ownPrice === null ? '' : String(departure.ownPrice)}
      change={(value) => {
        const price = value.trim() === '' ? null : Number(value);
        return price === departure.ownPrice ? null : { price };
      }}
      fallbackError="The price could not be changed."
      min={1}
      placeholder="Package's"
      onSaved={onSaved}
      onDone={onDone}
    />
  );
}
