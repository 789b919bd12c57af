import { useId } from 'react';
import { moved } from '~/features/admin/utils/package-draft';

// Focus stays with the row the operator moved, or goes to the row that took a removed one's place
// (the list is drawn again first).
const focusLater = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

// One of the package editor's lists (days, items, questions): a row moved, removed or added, with
// focus kept where the operator works. focusId names the field each row is reached by; addId is
// the id of the list's Add button, where focus goes when the last row is removed.
export function useRowList<T extends { key: string }>(
  rows: T[],
  onChange: (rows: T[]) => void,
  focusId: (uid: string, key: string) => string,
) {
  const uid = useId();
  const idOf = (key: string) => focusId(uid, key);
  const addId = `${uid}-add`;
  return {
    uid,
    idOf,
    addId,
    move(index: number, by: -1 | 1) {
      onChange(moved(rows, index, by));
      focusLater(idOf(rows[index]!.key));
    },
    remove(index: number) {
      const rest = rows.filter((_, i) => i !== index);
      onChange(rest);
      const neighbour = rest[Math.min(index, rest.length - 1)];
      focusLater(neighbour ? idOf(neighbour.key) : addId);
    },
    add(row: T) {
      onChange([...rows, row]);
      focusLater(idOf(row.key));
    },
  };
}
