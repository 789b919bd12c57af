import { formatTripDate } from '#contracts/format';
import { InlineNumberEditor, type DepartureEditorProps } from '~/features/admin/components/inline-editor';

// The capacity of one departure, edited in its row. Below the seats already taken the server
// answers 409; its message shows beside the field and the number typed stays.
export function CapacityEditor({ departure, onSaved, onDone }: DepartureEditorProps) {
  return (
    <InlineNumberEditor
      departure={departure}
      className="admin-capacity"
      name="capacity"
      label={`Capacity of ${formatTripDate(departure.startsOn)}`}
      initial={String(departure.capacity)}
      change={(value) => {
        if (value.trim() === '') return 'Enter the number of seats.';
        const capacity = Number(value);
        return capacity === departure.capacity ? null : { capacity };
      }}
      fallbackError="The capacity could not be changed."
      onSaved={onSaved}
      onDone={onDone}
    />
  );
}
