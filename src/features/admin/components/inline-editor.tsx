import { useEffect, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import type { AdminDeparture, DepartureChange } from '#contracts/admin';
import { changeDeparture } from '~/features/admin/api/admin-api';

type InlineEditorProps = {
  departure: AdminDeparture;
  className: string;
  // What to send; null when nothing changed (the editor just closes), false when the editor
  // refused the value itself and shows why (nothing is sent).
  change: () => DepartureChange | null | false;
  // Clears the last refusal as a save starts.
  onSaving: () => void;
  // Shows the server's refusal; what was typed stays.
  onRefused: (error: unknown) => void;
  onSaved: (departure: AdminDeparture) => void;
  onDone: () => void;
  // Focused when the editor opens and again after any refusal, so the operator types on.
  focusRef: RefObject<HTMLInputElement | null>;
  // The editor opens with its value selected, to be typed over.
  selectOnOpen?: boolean;
  // The fields, given the Save and Cancel buttons to place where the layout wants them.
  children: (actions: ReactNode) => ReactNode;
};

// One field or a few of a departure, edited in place in its row of the schedule: Save sends the
// change, Cancel or Escape closes without one, and a save in flight cannot be sent twice.
export function InlineEditor({
  departure,
  className,
  change,
  onSaving,
  onRefused,
  onSaved,
  onDone,
  focusRef,
  selectOnOpen,
  children,
}: InlineEditorProps) {
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    focusRef.current?.focus();
    if (selectOnOpen) focusRef.current?.select();
  }, [focusRef, selectOnOpen]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = change();
    if (body === false) {
      focusRef.current?.focus();
      return;
    }
    if (body === null) {
      onDone();
      return;
    }
    setBusy(true);
    onSaving();
    try {
      onSaved(await changeDeparture(departure.id, body));
      onDone();
    } catch (e) {
      onRefused(e);
      setBusy(false);
      focusRef.current?.focus();
    }
  }

  return (
    <form
      className={className}
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone();
        }
      }}
    >
      {children(
        <>
          <button type="submit" className="button button--primary admin-button" aria-busy={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button--link" onClick={onDone}>
            Cancel
          </button>
        </>,
      )}
    </form>
  );
}
