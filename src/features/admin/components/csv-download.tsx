import { useState } from 'react';
import type { AdminBookingFilters } from '#contracts/admin';
import { downloadBookingsCsv } from '~/features/admin/api/admin-api';
import { todayIso } from '#contracts/iso-dates';
import { ButtonIcon } from '~/features/admin/components/button-icon';

// Hands a fetched file to the browser's downloads, under a name of our choosing.
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The bookings that the current filters match, as CSV (every page, not only the one shown).
export function CsvDownload({ filters }: { filters: AdminBookingFilters }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function download() {
    setBusy(true);
    setError('');
    try {
      const blob = await downloadBookingsCsv(filters);
      saveBlob(blob, `wayfarer-bookings-${todayIso('local')}.csv`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The CSV file could not be made.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-csv">
      <button
        type="button"
        className="button button--outline admin-button"
        onClick={download}
        disabled={busy}
      >
        <ButtonIcon strokeWidth="2.2" strokeLinecap="round">
          <path d="M12 3v12m0 0-5-5m5 5 5-5M4 19h16" />
        </ButtonIcon>
        {busy ? 'Preparing CSV…' : 'Download CSV'}
      </button>
      {error && (
        <p className="admin-actions__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
