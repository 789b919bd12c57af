import type { ReactNode } from 'react';
import { useT } from '~/lib/i18n';

// The foot of a travellers' details form (the lead's and a traveller's own link): the form's
// error and the saved note, each read out where the traveller is, Save, the form's other
// actions, and a hint.
export function DetailsFormFooter({
  formError,
  saved,
  busy,
  saveLabel,
  actions,
  hint,
}: {
  formError: string;
  saved: string;
  busy: boolean;
  saveLabel: string;
  actions?: ReactNode;
  hint: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className="travellers__footer">
      <p className="form-error" role="alert">
        {formError}
      </p>
      <p className="travellers__saved" role="status">
        {saved}
      </p>
      <div className="travellers__actions">
        <button type="submit" className="button button--accent" aria-busy={busy}>
          {busy ? t('Saving…') : saveLabel}
        </button>
        {actions}
      </div>
      <p className="field__hint">{hint}</p>
    </div>
  );
}
