import { decideByProblem } from '#contracts/departure-risk';
import { formatTripDate } from '#contracts/format';
import { InlineFieldEditor, type DepartureEditorProps } from '~/features/admin/components/inline-editor';

// A departure's go/no-go date, edited in its row: a real date, not after the departure (the
// server's rule too; its message shows beside the field and the date typed stays).
export function DecideByEditor({ departure, onSaved, onDone }: DepartureEditorProps) {
  return (
    <InlineFieldEditor
      departure={departure}
      className="admin-capacity admin-decide-by"
      name="decideBy"
      label={`Decide by, for ${formatTripDate(departure.startsOn)}`}
      initial={departure.decideBy}
      change={(value) =>
        decideByProblem(value, departure.startsOn) ??
        (value === departure.decideBy ? null : { decideBy: value })
      }
      fallbackError="The decision date could not be changed."
      input={{ type: 'date', max: departure.startsOn }}
      onSaved={onSaved}
      onDone={onDone}
    />
  );
}
