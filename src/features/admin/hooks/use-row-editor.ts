import { useEffect, useRef, useState } from 'react';

// Which row of a table has one of its editors open (a departure's capacity, price, meeting or
// decision date: src/features/admin/components/departures-table.tsx), and closing it with the
// focus back on the button that opened it, found by `buttonId`: the editor's inputs are gone
// once it closes, and the keyboard's place would be lost with them.
export function useRowEditor(buttonId: (rowId: string) => string) {
  const [open, setOpen] = useState<string | null>(null);
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (open !== null || refocus.current === null) return;
    document.getElementById(buttonId(refocus.current))?.focus();
    refocus.current = null;
  }, [open, buttonId]);
  const close = (rowId: string) => {
    refocus.current = rowId;
    setOpen(null);
  };
  return { open, setOpen, close, buttonId };
}

export type RowEditor = ReturnType<typeof useRowEditor>;
