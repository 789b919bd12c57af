// A form's own message (not one field's), read out as it appears; nothing when there is none.
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
