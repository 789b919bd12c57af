import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import { Field } from '~/components/field';
import type { DepartureChange } from '#contracts/admin';
import { changeDeparture } from '~/features/admin/api/admin-api';
import { fieldFailure } from '~/lib/api-client';
import type { AdminDeparture } from '#contracts/api';

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

// What the schedule gives each of a departure's inline editors.
export type DepartureEditorProps = {
  departure: AdminDeparture;
  onSaved: (departure: AdminDeparture) => void;
  onDone: () => void;
};

// What makes one field's editor: see src/features/admin/components/departure-field-editor.tsx.
export type InlineFieldSettings = {
  className: string;
  label: string;
  // The value the editor opens with, as typed.
  initial: string;
  // What to send for what was typed: a change, null when nothing changed, or a message when the
  // editor refuses the value itself (nothing is sent).
  change: (value: string) => DepartureChange | null | string;
  // Said when a refusal has no message of its own.
  fallbackError: string;
  // The input's own attributes (its type and bounds).
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'>;
  selectOnOpen?: boolean;
};

type InlineFieldEditorProps = DepartureEditorProps &
  InlineFieldSettings & {
    // The field's name, and the key of the server's field error about it.
    name: 'capacity' | 'price' | 'decideBy';
  };

// One field of a departure (its capacity, its price, its go/no-go date), edited in its row: the
// server's refusal shows beside the field and the value typed stays.
export function InlineFieldEditor({
  departure,
  className,
  name,
  label,
  initial,
  change,
  fallbackError,
  input,
  selectOnOpen,
  onSaved,
  onDone,
}: InlineFieldEditorProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <InlineEditor
      departure={departure}
      className={className}
      focusRef={inputRef}
      selectOnOpen={selectOnOpen}
      change={() => {
        const body = change(value);
        if (typeof body !== 'string') return body;
        setError(body);
        return false;
      }}
      onSaving={() => setError('')}
      onRefused={(e) =>
        // A 400 names the field; a 409 (capacity below the seats taken) says it in its message.
        setError(fieldFailure(e, name, e instanceof Error ? e.message : fallbackError))
      }
      onSaved={onSaved}
      onDone={onDone}
    >
      {(actions) => (
        <Field hideLabel label={label} id={inputId} error={error} alertError>
          {(wired) => (
            <div className="admin-capacity__row">
              <input
                {...wired}
                {...input}
                ref={inputRef}
                name={name}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
              {actions}
            </div>
          )}
        </Field>
      )}
    </InlineEditor>
  );
}
