import { useT } from '~/lib/i18n';

export function Spinner({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="sr-only">{label ?? t('Loading…')}</span>
    </div>
  );
}
