import { useT } from '~/lib/i18n';

// A load that failed: what happened, and a way to try again (in the page's language; the message
// is the caller's).
export function ErrorNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useT();
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('Retry')}
      </button>
    </div>
  );
}
