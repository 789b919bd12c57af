import { useId, useRef, useState, type FormEvent } from 'react';
import { noteLimits } from '#contracts/admin';
import { formatCount } from '#contracts/format';
import { addNote } from '~/features/admin/api/admin-api';
import { fieldFailure } from '~/lib/api-client';
import { intoFields, useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';
import type { Note } from '#contracts/api';

// An internal note on the booking: the team reads it in the history and on the manifest; the
// traveller never sees it. What was typed stays in the box if the save fails.
export function NoteForm({ bookingId, onAdded }: { bookingId: string; onAdded: (note: Note) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const formRef = useRef<HTMLFormElement>(null);
  // Typed before the server-rendered manifest hydrated (src/lib/use-typed-before-hydration.ts).
  useTypedBeforeHydration(formRef, intoFields({ text: setText }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === '') {
      setError('Please write the note.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const note = await addNote(bookingId, text);
      setText('');
      onAdded(note);
    } catch (e) {
      setError(fieldFailure(e, 'text', 'The note could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="admin-note-form" onSubmit={submit} noValidate>
      <label htmlFor={id} className="admin-strong">
        Internal note
      </label>
      <textarea
        id={id}
        name="text"
        value={text}
        maxLength={noteLimits.max}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
      />
      <p className="field__hint" id={hintId}>
        For the team and the guide only: never shown or sent to the traveller. Up to{' '}
        {formatCount(noteLimits.max)} characters.
      </p>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--primary admin-button" aria-busy={busy}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}
