// A console table's header row, one column a heading: figures right-aligned like their cells
// (admin-num), and a heading only a screen reader needs (the row's actions) out of sight.
export type Column = string | { label: string; num?: boolean; hidden?: boolean };

export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, num, hidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <th scope="col" className={num ? 'admin-num' : undefined} key={label}>
              {hidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
