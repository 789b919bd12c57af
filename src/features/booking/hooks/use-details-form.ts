import { useRef, useState } from 'react';
import { ApiError } from '~/lib/api-client';
import { useT } from '~/lib/i18n';

// What a form of travellers' details (the lead's, a traveller's own link) tells its user: each
// field's message, the one above the form, the "Saved" line and whether a save is under way; the
// focus taken to the first field to fix. What is typed is never touched here: a failed save keeps
// every draft as it was.
export function useDetailsForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [saved, setSaved] = useState('');
  const [busy, setBusy] = useState(false);
  const { t, known } = useT();

  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  // Mistakes found in the browser before sending (the server's own checks, run locally): shown on
  // their fields and nothing is sent. True when there were any.
  const refusedLocally = (local: Record<string, string>) => {
    if (Object.keys(local).length === 0) return false;
    setErrors(local);
    setFormError(t('Please check the highlighted fields. Nothing was saved yet.'));
    focusFirstError();
    return true;
  };

  // A field edited: its message goes, and the "Saved" line with it.
  const edited = (key: string) => {
    setSaved('');
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  // A save refused by the server: its messages where they belong; any other failure: `fallback`.
  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError) {
      setErrors(error.fieldErrors);
      setFormError(t('{message} Your changes are still here.', { message: known(error.message) }));
      if (Object.keys(error.fieldErrors).length > 0) focusFirstError();
    } else {
      setFormError(fallback);
    }
  };

  return {
    formRef,
    errors,
    setErrors,
    formError,
    setFormError,
    saved,
    setSaved,
    busy,
    setBusy,
    focusFirstError,
    refusedLocally,
    edited,
    failed,
  };
}
