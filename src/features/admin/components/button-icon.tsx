import type { ReactNode } from 'react';

// A console button's line icon (24-unit drawing at 18 px, in the text's colour): the button's text
// names it, so the icon is hidden from screen readers.
export function ButtonIcon({
  strokeWidth = '2',
  strokeLinecap,
  children,
}: {
  strokeWidth?: string;
  strokeLinecap?: 'round';
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap={strokeLinecap}
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
