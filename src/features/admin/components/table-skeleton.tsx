// Grey rows where the table will be, so the page does not jump when it arrives.
export function TableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div className="admin-skeleton">
      <p className="sr-only" role="status">
        {label}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="admin-skeleton__row" aria-hidden="true">
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      ))}
    </div>
  );
}
