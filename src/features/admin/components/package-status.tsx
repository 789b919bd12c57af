import type { PackageStatus } from '#contracts/catalogue';

export const packageStatusLabels: Record<PackageStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
};

// The word is always written out: colour is never the only cue.
export function PackageStatusBadge({ status, prefix }: { status: PackageStatus; prefix?: string }) {
  return (
    <span className="status-badge" data-status={`package-${status}`}>
      {prefix ? <span className="sr-only">{prefix} </span> : null}
      {packageStatusLabels[status]}
    </span>
  );
}
