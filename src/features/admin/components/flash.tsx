// The live region stays in the page (empty when idle) so screen readers announce each message.
export function Flash({ message }: { message: string }) {
  return (
    <p className="admin-flash" role="status" data-empty={message === ''}>
      {message}
    </p>
  );
}
