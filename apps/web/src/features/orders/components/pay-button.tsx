/** The Pay button shared by both card forms, with the card error in red beneath it. */
export function PayButton({
  label,
  disabled,
  processing,
  error,
}: {
  label: string;
  disabled: boolean;
  processing: boolean;
  error: string | null;
}) {
  return (
    <>
      <button type="submit" className="btn btn-primary" disabled={disabled || processing}>
        {processing && <span className="loading loading-spinner" aria-hidden="true" />}
        {label}
      </button>
      <p id="card-error" role="alert" className="text-error min-h-6 text-sm">
        {error}
      </p>
    </>
  );
}
