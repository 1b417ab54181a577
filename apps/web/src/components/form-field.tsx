import type { ComponentProps, ReactNode } from 'react';

/**
 * A form control with its label above and its validation message below. The message sits
 * outside the label so the control's accessible name stays just the label, and it is tied to
 * the control with aria-describedby.
 */
export function Field({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ?? 'w-full'}>
      <label htmlFor={id} className="mb-1 block text-sm">
        {label}
      </label>
      {children}
      <p id={`${id}-error`} className="text-error min-h-5 text-sm">
        {error && fieldSentence(label, error)}
      </p>
    </div>
  );
}

/**
 * The shared schemas (and the API's 400s) word a field's rule as a predicate, "is required" or
 * "must have 6 to 15 digits"; under a field it reads as a sentence with the field's name.
 */
export const fieldSentence = (label: string, message: string) =>
  /^[a-z]/.test(message) ? `${label} ${message}` : message;

/** Props that link a control to its Field's message and mark it invalid while it has one. */
export const describedBy = (id: string, error: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': `${id}-error`,
});

/** A labelled text input with its validation message. */
export function FormField({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string | undefined } & ComponentProps<'input'>) {
  return (
    <Field id={id} label={label} error={error}>
      <input className="input input-bordered w-full" {...describedBy(id, error)} {...input} />
    </Field>
  );
}

/** A form's submit button: off, with a spinner, while the form is being sent. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary" disabled={busy}>
      {busy && <span className="loading loading-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A form's message for what is not about one field (a refusal, a network failure); its room is kept. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-error min-h-5 text-sm">
      {children}
    </p>
  );
}

/**
 * A dialog form's last lines: its problem, then the way out and the send button, both off while
 * it is being sent.
 */
export function DialogFormEnd({
  problem,
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  children,
}: {
  problem: ReactNode;
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  /** The send button's words. */
  children: ReactNode;
}) {
  return (
    <>
      <FormProblem>{problem}</FormProblem>
      <div className="modal-action mt-0 flex-wrap">
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <SubmitButton busy={busy}>{children}</SubmitButton>
      </div>
    </>
  );
}
