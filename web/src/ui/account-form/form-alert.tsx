/** The form-wide failure above an account form's fields (one not tied to a field), if any. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="form__alert" role="alert">
      {message}
    </p>
  ) : null;
}
